import EmulatedRanging
import UWBCore
import UWBEmulator

/// Wraps a device's ranging application and, whenever handling an event makes a measurement,
/// notes the device-clock time from the RX timestamp of the last frame chip 0 received (the frame
/// that completed the round) to the moment the measurement exists, in virtual seconds.
final class CompletionLatencyProbe: RadioApplication {
    /// (virtual seconds since the completing frame, that frame's RX timestamp, the measurement).
    private(set) var samples: [(latency: Double, frame: DeviceTime, record: RangingRecord)] = []
    private let wrapped: RadioApplication
    private weak var ranging: EmulatedRanging?
    private var lastReception: DeviceTime?

    init(wrapping wrapped: RadioApplication, of ranging: EmulatedRanging) {
        self.wrapped = wrapped
        self.ranging = ranging
    }

    func start(on radio: DeviceRadio) {
        wrapped.start(on: radio)
    }

    func handle(_ event: TransceiverEvent, fromChip chip: Int, on radio: DeviceRadio) {
        if case .frameReceived(let frame) = event, chip == 0 {
            lastReception = frame.timestamp
        }
        let before = ranging?.records.count ?? 0
        wrapped.handle(event, fromChip: chip, on: radio)
        guard let ranging, ranging.records.count > before, let lastReception, let record = ranging.records.last,
              let now = try? radio.primary.systemTime()
        else { return }
        samples.append((Double(now.elapsed(since: lastReception).ticks) / DeviceClock.ticksPerSecond, lastReception, record))
    }
}
