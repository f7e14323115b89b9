import UWBCore

/// The receptions of one round's frames on every chip of a board, matched by their octets: a
/// multi-chip board delivers the same frame once per chip, in any order.
struct ChipReceptions {
    /// How many chips receive.
    let receivers: Int
    /// Diagnostics per frame, per chip.
    private var frames: [[UInt8]: [Int: ReceptionDiagnostics]] = [:]

    /// No receptions yet, for a board of `receivers` chips (at least one).
    init(receivers: Int) {
        self.receivers = max(1, receivers)
    }

    /// Forgets every frame but `kept`.
    mutating func retainOnly(_ kept: [UInt8]) {
        frames = frames.filter { $0.key == kept }
    }

    /// Records that `chip` received `frame`; ignores chips the board does not have.
    mutating func add(_ frame: ReceivedFrame, chip: Int) {
        guard (0..<receivers).contains(chip) else { return }
        frames[frame.frame, default: [:]][chip] = frame.diagnostics
    }

    /// The diagnostics of `frame`, indexed by chip.
    func diagnostics(of frame: [UInt8]) -> [ReceptionDiagnostics?] {
        let chips = frames[frame] ?? [:]
        return (0..<receivers).map { chips[$0] }
    }

    /// Whether every chip has delivered `frame`.
    func isComplete(_ frame: [UInt8]) -> Bool {
        (frames[frame]?.count ?? 0) == receivers
    }
}
