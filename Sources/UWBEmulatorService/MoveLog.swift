import Synchronization

/// The moves and turns of the emulator service's run so far, kept in memory as they take effect
/// (beside the file of `--record-moves`, if any), for ``RoomFile/moves``.
final class MoveLog: Sendable {
    private let moves = Mutex<[RecordedMove]>([])

    /// Adds `move` after the others.
    func append(_ move: RecordedMove) {
        moves.withLock { $0.append(move) }
    }

    /// The moves so far, in the order they took effect.
    var all: [RecordedMove] {
        moves.withLock { $0 }
    }

    /// The moves as the log file has them: one JSON line each, each ending in a newline.
    var lines: String {
        all.compactMap(\.jsonLine).map { $0 + "\n" }.joined()
    }
}
