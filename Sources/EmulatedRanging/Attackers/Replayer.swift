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
    public var start: Duration { radio.start }
    /// The frames it has sent so far.
    public private(set) var framesSent = 0

    private let radio: AttackerRadio
    /// Frames recorded and not yet sent again; at most ``backlog``.
    private var pending = 0
    /// The most frames waiting at once: more are not recorded until some are sent.
    static let backlog = 64

    /// A replayer sending what it heard `delay` later, from `start` on, on `board`.
    public init(delay: Duration, start: Duration, board: BoardDescription) {
        self.delay = delay
        radio = AttackerRadio(board: board, start: start)
    }

    /// Starts listening at ``start``.
    public func start(on radio: DeviceRadio) {
        self.radio.begin(on: radio) { [weak self] in
            self?.radio.listen(on: radio)
        }
    }

    /// Records each ranging frame heard; listens again after every event.
    public func handle(_ event: TransceiverEvent, fromChip chip: Int, on radio: DeviceRadio) {
        guard chip == 0, self.radio.isActive else { return }
        if case .frameReceived(let received) = event, (try? RangingFrame(decoding: received.frame)) != nil, pending < Self.backlog {
            pending += 1
            let octets = received.frame
            radio.after(delay) { [weak self] in
                guard let self else { return }
                self.pending -= 1
                if self.radio.send(octets, plannedAt: nil, on: radio) {
                    self.framesSent += 1
                }
            }
        }
        self.radio.listen(on: radio)
    }
}
