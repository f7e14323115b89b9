import UWBCore
import UWBEmulator
import UWBRanging

/// A rogue device's program (``RogueSpec``): it runs on its own emulated board through the real
/// DW1000 driver, like every device, and counts what it sends.
public protocol Attacker: RadioEventHandler {
    /// The frames it has sent so far.
    var framesSent: Int { get }
}

/// What every attacker does with its radio: start at its start time, listen whenever it is not
/// sending, and send a frame when an honest device would schedule one, or a little earlier.
final class AttackSender {
    /// The attacker's radio, whose board's calibration gives its antenna delay. `unowned`: the
    /// radio keeps its adopted handler, the attacker, which keeps this.
    unowned let radio: EmulatedRadio
    /// When the attacker starts, from the beginning of the run.
    let start: Duration
    /// Whether the attack has started.
    private(set) var isActive = false

    /// The sender of an attacker on `radio` that starts at `start`.
    init(on radio: EmulatedRadio, start: Duration) {
        self.radio = radio
        self.start = start
    }

    /// Becomes active at ``start``, then calls `started`.
    func begin(started: @escaping () -> Void = {}) {
        radio.schedule(after: start) { [weak self] in
            guard let self else { return }
            self.isActive = true
            started()
        }
    }

    /// Becomes active and starts listening at ``start``.
    func beginListening() {
        begin { [weak self] in
            self?.listen()
        }
    }

    /// When a frame answering `heard` should be scheduled: `offset` after it, as the emulator's
    /// ranging timing has honest devices do, less `lead`.
    func planned(after heard: ReceivedFrame, offset: (RangingTiming) -> DeviceDuration, lead: Duration) -> DeviceTime {
        let timing = RangingTiming.emulator(for: radio.configuration)
        return heard.timestamp + offset(timing) - ((try? DeviceDuration(seconds: lead.secondsValue)) ?? .zero)
    }

    /// How far ahead of the clock reading a frame is scheduled at the soonest, beyond its
    /// preamble: 20 µs, an attacker's firmware that answers in hardware time rather than
    /// through a host (the honest devices allow the emulator's host allowance).
    static let hostMargin = DeviceDuration(ticks: 20 * 63_898)

    /// Listens until turned off (errors go to the device's record).
    func listen() {
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
    func send(_ frame: [UInt8], plannedAt: DeviceTime?) -> Bool {
        do {
            let clock = TransmitClock(board: radio.board, capabilities: radio.primary.capabilities)
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
        listen()
        return false
    }
}
