import UWBCore

/// Corrections applied to a raw two-way-ranging distance: a per-pair calibration offset and the
/// signal-level-dependent range bias of the DW1000 (APS011, ``RangeBiasTable``).
public struct RangeCorrection: Hashable, Sendable {
    /// How much a pair of devices measures too long after the chips' antenna delays are applied, from a
    /// calibration at a known distance (APS014); subtracted from every raw distance. Zero by default: the
    /// antenna delays in the board descriptions already account for the bulk of the delay.
    public var antennaDelayOffset: Distance
    /// Whether to subtract the APS011 range bias for the received level. On by default: the DW1000 (and
    /// the emulator, which models it) timestamps weak signals late and strong ones early.
    public var applyRangeBias: Bool

    /// A correction with the given offset and bias switch.
    public init(antennaDelayOffset: Distance = .zero, applyRangeBias: Bool = true) {
        self.antennaDelayOffset = antennaDelayOffset
        self.applyRangeBias = applyRangeBias
    }

    /// `raw` minus ``antennaDelayOffset`` and, if ``applyRangeBias`` is set, minus
    /// ``RangeBiasTable/bias(receivedLevel:prf:wideband:)`` at `receivedLevel` (positive bias = measured too
    /// long, so it is subtracted, as Decawave's `distance -= dwt_getrangebias(...)`).
    ///
    /// `wideband` selects the 900 MHz tables (``Channel/isWideband``).
    public func corrected(
        _ raw: Distance, receivedLevel: PowerLevel, prf: PulseRepetitionFrequency, wideband: Bool
    ) -> Distance {
        let bias = applyRangeBias ? RangeBiasTable.bias(receivedLevel: receivedLevel, prf: prf, wideband: wideband) : .zero
        return raw - antennaDelayOffset - bias
    }
}
