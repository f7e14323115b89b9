import UWBCore
import UWBEmulator

/// Wraps one device's ranging application and, whenever handling an event makes a new
/// measurement, notes how long after the frame that completed the round the measurement came:
/// in virtual time, and what the handling cost in wall time.
///
/// Virtual latency: the device's clock when the handling returns (SYS_TIME, read through the
/// driver) minus the RX timestamp of the last frame chip 0 received (FINAL on the responder,
/// REPORT on the initiator), in seconds of a nominal clock. Wall cost: `ContinuousClock` around the
/// application's handling of that event (the radio loop, the state machine, any transmission it
/// starts, the measurement and its recording; not the driver's interrupt handling before it).
/// Used by the benchmarks and the tests; the wall cost is a figure, never an assertion.
public final class CompletionLatencyProbe: DeviceApplication {
    /// One measurement's timing.
    public struct Sample: Sendable {
        /// Virtual seconds from the completing frame's RX timestamp to the measurement.
        public let latency: Double
        /// Virtual seconds from this side's POLL timestamp to the completing frame's.
        public let sincePoll: Double
        /// Wall seconds spent handling the completing event.
        public let wall: Double
        /// The completing frame's RX timestamp.
        public let frame: DeviceTime
        /// The measurement that was made.
        public let record: RangingRecord
    }

    /// The samples so far.
    public private(set) var samples: [Sample] = []
    /// Measurements after which the device clock could not be read.
    public private(set) var readErrors = 0

    private let wrapped: DeviceApplication
    private weak var ranging: ScenarioRanging?
    private var lastReception: DeviceTime?
    private let clock = ContinuousClock()

    /// Wraps `wrapped`, an application of `ranging`'s world.
    public init(wrapping wrapped: DeviceApplication, of ranging: ScenarioRanging) {
        self.wrapped = wrapped
        self.ranging = ranging
    }

    /// Starts the wrapped application.
    public func start(on radio: DeviceRadio) {
        wrapped.start(on: radio)
    }

    /// Passes the event on, timing it, and samples the latency if it made a measurement.
    public func handle(_ event: TransceiverEvent, fromChip chip: Int, on radio: DeviceRadio) {
        if case .frameReceived(let frame) = event, chip == 0 {
            lastReception = frame.timestamp
        }
        let before = ranging?.records.count ?? 0
        let start = clock.now
        wrapped.handle(event, fromChip: chip, on: radio)
        let wall = (clock.now - start).secondsValue
        guard let ranging, ranging.records.count > before, let lastReception, let record = ranging.records.last,
              let timestamps = record.measurement.timestamps else { return }
        do {
            let now = try radio.primary.systemTime()
            let poll = record.measurement.role == .initiator ? timestamps.pollTransmitted : timestamps.pollReceived
            samples.append(Sample(
                latency: now.elapsed(since: lastReception).seconds, sincePoll: lastReception.elapsed(since: poll).seconds,
                wall: wall, frame: lastReception, record: record))
        } catch {
            readErrors += 1
        }
    }
}
