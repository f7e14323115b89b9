import UWBCore
import UWBEmulator
import UWBRanging

/// A rogue device that records every ranging frame it hears and sends it again, unchanged,
/// ``delay`` later: old POLLs, RESPONSEs, FINALs, REPORTs and GOODBYEs, with their old counters
/// and MICs. Against plain frames a replayed GOODBYE ends a session and a replayed FINAL or
/// REPORT brings old timestamps; secured frames are dropped as replays.
public final class Replayer: Attacker {
    /// How long after hearing a frame it sends it again.
    public let delay: Duration
    /// When it starts listening.
    public var start: Duration { sender.start }
    /// The frames it has sent so far.
    public private(set) var framesSent = 0

    private let sender: AttackSender
    /// Frames recorded and not yet sent again; at most ``backlog``.
    private var pending = 0
    /// The most frames waiting at once: more are not recorded until some are sent.
    static let backlog = 64

    /// A replayer sending what it heard `delay` later, from `start` on, on `radio`.
    public init(delay: Duration, start: Duration, on radio: EmulatedRadio) {
        self.delay = delay
        sender = AttackSender(on: radio, start: start)
    }

    /// Starts listening at ``start``.
    public func radioStarted() {
        sender.beginListening()
    }

    /// Records each ranging frame heard; listens again after every event.
    public func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        guard chip == 0, sender.isActive else { return }
        if case .frameReceived(let received) = event, (try? RangingFrame(decoding: received.frame)) != nil, pending < Self.backlog {
            pending += 1
            let octets = received.frame
            sender.radio.schedule(after: delay) { [weak self] in
                guard let self else { return }
                self.pending -= 1
                if self.sender.send(octets, plannedAt: nil) {
                    self.framesSent += 1
                }
            }
        }
        sender.listen()
    }
}
