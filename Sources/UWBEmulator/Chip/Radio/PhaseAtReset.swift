/// What a chip's carrier phase offset does when the chip is reset (power-up, RSTn or SOFTRESET),
/// which relocks its PLL.
///
/// Users of boards with several DW1000s on one clock report that the phase difference between
/// the chips stays put while the board is powered but takes a new, random value after every
/// power cycle, unless the chips' SYNC inputs align them (Decawave forum, "PDoA Phase Difference
/// Offset", decaforum.decawave.com/t/pdoa-phase-difference-offset/5859; `Docs/guides/calibration.md`).
public enum PhaseAtReset: String, CaseIterable, Hashable, Sendable {
    /// The offset is the chip's ``ChipHardware/phaseOffset`` after every reset: chips aligned by
    /// SYNC, or a board whose offset was measured once.
    case fixed
    /// Each reset adds a new phase, uniformly random in −π...π, to the chip's
    /// ``ChipHardware/phaseOffset``: the PLL locks at an arbitrary phase.
    case random
}
