import EmulatedRanging
import UWBCore
import UWBEmulator

/// Wraps one device's ranging application and, for every event whose handling makes a new
/// measurement, notes how long after the frame that completed the round the measurement came, in
/// virtual time and in wall time.
///
/// Virtual latency: the device's clock when the handling returns (SYS_TIME, read through the
/// driver) minus the RX timestamp of the last frame chip 0 received (FINAL on the responder,
/// REPORT on the initiator), in seconds of a nominal clock. Wall cost: `ContinuousClock` around the
/// application's handling of that event (the radio loop, the state machine, any transmission it
/// starts, the `MeasurementBuilder` and the recording with ground truth; the driver's interrupt
/// handling, before it, is not included).
final class LatencyProbe: RadioApplication {
    /// One measurement's timing.
    struct Sample {
        /// Virtual seconds from the completing frame's RX timestamp to the measurement.
        let latency: Double
        /// Virtual seconds from this side's POLL timestamp to the completing frame's.
        let sincePoll: Double
        /// Wall seconds spent handling the completing event.
        let wall: Double
    }

    /// The samples so far.
    private(set) var samples: [Sample] = []
    /// Measurements whose device clock could not be read.
    private(set) var readErrors = 0

    private let wrapped: RadioApplication
    private weak var ranging: EmulatedRanging?
    private var lastReception: DeviceTime?
    private let clock = ContinuousClock()

    /// Wraps `wrapped`, an application of `ranging`'s world.
    init(wrapping wrapped: RadioApplication, of ranging: EmulatedRanging) {
        self.wrapped = wrapped
        self.ranging = ranging
    }

    /// Starts the wrapped application.
    func start(on radio: DeviceRadio) {
        wrapped.start(on: radio)
    }

    /// Passes the event on, timing it, and samples the latency if it made a measurement.
    func handle(_ event: TransceiverEvent, fromChip chip: Int, on radio: DeviceRadio) {
        if case .frameReceived(let frame) = event, chip == 0 {
            lastReception = frame.timestamp
        }
        let before = ranging?.records.count ?? 0
        let start = clock.now
        wrapped.handle(event, fromChip: chip, on: radio)
        let wall = (clock.now - start).secondsValue
        guard let ranging, ranging.records.count > before, let lastReception, let record = ranging.records.last else { return }
        do {
            let now = try radio.primary.systemTime()
            let timestamps = record.measurement.timestamps
            let poll = record.measurement.role == .initiator ? timestamps.pollTransmitted : timestamps.pollReceived
            samples.append(Sample(
                latency: Self.seconds(now.elapsed(since: lastReception)),
                sincePoll: Self.seconds(lastReception.elapsed(since: poll)), wall: wall))
        } catch {
            readErrors += 1
        }
    }

    private static func seconds(_ duration: DeviceDuration) -> Double {
        Double(duration.ticks) / DeviceClock.ticksPerSecond
    }
}
