import UWBCore

/// What the medium remembers of one transmission: who sent it and what became of it at each
/// other device (judged at that device's first chip).
struct TransmissionRecord {
    /// When the RMARKER left the antenna.
    let time: SimulationTime
    /// The frame, FCS included.
    let frame: [UInt8]
    /// The sending device's index.
    let sender: Int
    /// Per other device: its index, the level it received, and the outcome so far.
    var receptions: [(receiver: Int, level: PowerLevel, outcome: ReceptionOutcome)]
}
