import UWBCore

/// The receptions of one round's frames on every chip of a board, matched by their octets: a
/// multi-chip board delivers the same frame once per chip, in any order.
///
/// A round has a handful of frames, so they are kept in a list and compared octet for octet,
/// which is cheaper than hashing every frame received.
struct ChipReceptions {
    /// How many chips receive.
    let receivers: Int
    /// Per frame: its octets and its diagnostics per chip (nil for chips that have not received it).
    private var frames: [(octets: [UInt8], chips: [ReceptionDiagnostics?])] = []

    /// No receptions yet, for a board of `receivers` chips (at least one).
    init(receivers: Int) {
        self.receivers = max(1, receivers)
    }

    /// Forgets every frame but `kept`.
    mutating func retainOnly(_ kept: [UInt8]) {
        frames.removeAll { $0.octets != kept }
    }

    /// Records that `chip` received `frame`; ignores chips the board does not have.
    mutating func add(_ frame: ReceivedFrame, chip: Int) {
        guard (0..<receivers).contains(chip) else { return }
        if let index = frames.firstIndex(where: { $0.octets == frame.frame }) {
            frames[index].chips[chip] = frame.diagnostics
        } else {
            var chips = [ReceptionDiagnostics?](repeating: nil, count: receivers)
            chips[chip] = frame.diagnostics
            frames.append((frame.frame, chips))
        }
    }

    /// The diagnostics of `frame`, indexed by chip.
    func diagnostics(of frame: [UInt8]) -> [ReceptionDiagnostics?] {
        frames.first { $0.octets == frame }?.chips ?? [ReceptionDiagnostics?](repeating: nil, count: receivers)
    }

    /// Whether every chip has delivered `frame`.
    func isComplete(_ frame: [UInt8]) -> Bool {
        frames.first { $0.octets == frame }?.chips.allSatisfy { $0 != nil } ?? false
    }
}
