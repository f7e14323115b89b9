import UWBCore
import UWBEmulator
import UWBRanging

/// A rogue device's program (``RogueSpec``): it runs on its own emulated board through the real
/// DW1000 driver, like every device, and counts what it sends.
public protocol Attacker: DeviceApplication {
    /// The frames it has sent so far.
    var framesSent: Int { get }
}

/// What every attacker does with its radio: start at its start time, listen whenever it is not
/// sending, and send a frame when an honest device would schedule one, or a little earlier.
final class AttackerRadio {
    /// The attacker's board, whose calibration gives its antenna delay.
    let board: BoardDescription
    /// When the attacker starts, from the beginning of the run.
    let start: Duration
    /// Whether the attack has started.
    private(set) var isActive = false

    /// A radio of an attacker on `board` that starts at `start`.
    init(board: BoardDescription, start: Duration) {
        self.board = board
        self.start = start
    }

    /// Becomes active and starts listening at ``start``, then calls `started`.
    func begin(on radio: DeviceRadio, started: @escaping () -> Void = {}) {
        radio.after(start) { [weak self] in
            guard let self else { return }
            self.isActive = true
            started()
        }
    }

    /// When a frame answering `heard` should be scheduled: `offset` after it, as the emulator's
    /// ranging timing has honest devices do, less `lead`.
    func planned(after heard: ReceivedFrame, offset: (RangingTiming) -> DeviceDuration, lead: Duration, on radio: DeviceRadio) -> DeviceTime {
        let timing = RangingTiming.emulator(for: radio.configuration)
        return heard.timestamp + offset(timing) - ((try? DeviceDuration(seconds: lead.secondsValue)) ?? .zero)
    }

    /// How far ahead of the clock reading a frame is scheduled at the soonest, beyond its
    /// preamble: 20 µs, an attacker's firmware that answers in hardware time rather than
    /// through a host (the honest devices allow the emulator's host allowance).
    static let hostMargin = DeviceDuration(ticks: 20 * 63_898)

    /// Listens until turned off (errors go to the device's record).
    func listen(on radio: DeviceRadio) {
        do {
            try radio.primary.enableReceiver(.untilTurnedOff)
        } catch {
            radio.record(error)
        }
    }

    /// Sends `frame` scheduled at the first grid time at or after `plannedAt`, as an honest device
    /// schedules a reply `plannedAt` (its RMARKER then leaves an antenna delay later), or as soon
    /// as the radio can if that has passed or is `nil`; whether the driver took it.
    @discardableResult
    func send(_ frame: [UInt8], plannedAt: DeviceTime?, on radio: DeviceRadio) -> Bool {
        do {
            let clock = TransmitClock(board: board, capabilities: radio.primary.capabilities)
            try radio.primary.turnOff()
            let now = try radio.primary.systemTime()
            let soonest = now + (try DeviceDuration(seconds: radio.configuration.synchronisationHeaderDuration.secondsValue))
                + Self.hostMargin
            var start = clock.gridTime(notBefore: soonest)
            if let plannedAt {
                let wanted = clock.gridTime(notBefore: plannedAt)
                if wanted - start > .zero {
                    start = wanted
                }
            }
            _ = try radio.primary.transmit(frame, at: start, awaiting: nil)
            return true
        } catch let error as TransceiverError {
            radio.record(error)
        } catch {
            radio.record(.hardwareFault("\(error)"))
        }
        listen(on: radio)
        return false
    }
}
