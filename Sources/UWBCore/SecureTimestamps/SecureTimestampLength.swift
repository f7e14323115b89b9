/// How long the scrambled timestamp sequence is, in symbols of 512 chips (the lengths the DW3000
/// can send; `Docs/reference/uwb-physics.md` §1.3a).
public enum SecureTimestampLength: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// 32 symbols.
    case symbols32 = 32
    /// 64 symbols, the length FiRa uses by default.
    case symbols64 = 64
    /// 128 symbols.
    case symbols128 = 128
    /// 256 symbols.
    case symbols256 = 256
    /// 512 symbols.
    case symbols512 = 512
    /// 1024 symbols.
    case symbols1024 = 1024
    /// 2048 symbols.
    case symbols2048 = 2048

    /// The length in symbols.
    public var symbols: Int { rawValue }

    /// How far one frame's STS advances the IV's counter (its low 32 bits): one count per 1024
    /// chips of STS at the base pulse repetition frequency, so half the length in symbols (Qorvo's
    /// DW3000 example `ds_twr_responder_sts.c`; `Docs/reference/uwb-physics.md` §1.3a).
    public var counterStep: UInt32 { UInt32(rawValue / 2) }

    /// "STS of N symbols".
    public var description: String { "STS of \(rawValue) symbols" }
}
