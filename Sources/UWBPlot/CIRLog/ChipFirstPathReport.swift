import UWBCore

/// What a chip reported about the first path of an accumulator it logged; each value `nil` where the log
/// does not carry it (`uwb cir --format json` carries only the index).
public struct ChipFirstPathReport: Hashable, Sendable {
    /// The first path's tap with its fraction (FP_INDEX / 64; DecaRanging's `HLP`).
    public let firstPathIndex: Double?
    /// The leading-edge threshold in the accumulator's units (LDE_THRESH; DecaRanging's `NTH`).
    public let threshold: Double?
    /// The received level by the user manual's formula (DecaRanging's `RSL`).
    public let receivedLevel: PowerLevel?
    /// The first-path level by the user manual's formula (DecaRanging's `FSL`).
    public let firstPathLevel: PowerLevel?

    /// A report with the given values.
    public init(firstPathIndex: Double?, threshold: Double?, receivedLevel: PowerLevel?, firstPathLevel: PowerLevel?) {
        self.firstPathIndex = firstPathIndex
        self.threshold = threshold
        self.receivedLevel = receivedLevel
        self.firstPathLevel = firstPathLevel
    }
}
