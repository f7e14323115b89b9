import UWBCore
import UWBEmulator

/// Wraps the ranging software on one device's radio and, whenever handling an event makes a new
/// measurement, notes how long after the frame that completed the round the measurement came:
/// in virtual time, and what the handling cost in wall time.
///
/// Virtual latency: the device's clock when the handling returns (SYS_TIME, read through the
/// driver) minus the RX timestamp of the last frame chip 0 received (FINAL on the responder,
/// REPORT on the initiator), in seconds of a nominal clock. Wall cost: `ContinuousClock` around the
/// application's handling of that event (the radio loop, the state machine, any transmission it
/// starts, the measurement and its recording; not the driver's interrupt handling before it).
/// Used by the benchmarks and the tests; the wall cost is a figure, never an assertion.
public final class CompletionLatencyProbe: RadioEventHandler {
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

    private let wrapped: any RadioEventHandler
    /// The radio whose clock it reads. `unowned`: the radio keeps its adopted handler.
    private unowned let radio: EmulatedRadio
    private weak var ranging: ScenarioRanging?
    private var lastReception: DeviceTime?
    private let clock = ContinuousClock()

    /// Wraps `wrapped`, the handler of `radio` in `ranging`'s world.
    public init(wrapping wrapped: any RadioEventHandler, on radio: EmulatedRadio, of ranging: ScenarioRanging) {
        self.wrapped = wrapped
        self.radio = radio
        self.ranging = ranging
    }

    /// Tells the wrapped handler.
    public func radioStarted() {
        wrapped.radioStarted()
    }

    /// Passes the event on, timing it, and samples the latency if it made a measurement.
    public func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        if case .frameReceived(let frame) = event, chip == 0 {
            lastReception = frame.timestamp
        }
        let before = ranging?.records.count ?? 0
        let start = clock.now
        wrapped.radio(event, fromChip: chip)
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

    /// Passes the failure on.
    public func radio(failed error: TransceiverError, onChip chip: Int) {
        wrapped.radio(failed: error, onChip: chip)
    }
}
