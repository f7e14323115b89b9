/// SYS_CFG.PDOA_MODE: what a DW3x20 compares to measure the phase difference of arrival between its
/// two antenna ports (DW3000 User Manual §8.2.2.2; Qorvo API `dwt_configure` `pdoaMode`,
/// `DWT_PDOA_M0`, `DWT_PDOA_M1`, `DWT_PDOA_M3`; `Docs/reference/dw3000-registers.md` §8).
public enum DW3000PhaseDifferenceMode: UInt64, Sendable, CaseIterable {
    /// `DWT_PDOA_M0`: no phase difference is measured.
    case off = 0
    /// `DWT_PDOA_M1`: the Ipatov preamble, received on one port and then the other; needs no STS.
    case ipatov = 1
    /// `DWT_PDOA_M3`: the STS, split between the two ports.
    case secureTimestamp = 3

    /// The mode for a chip with or without two antenna ports (`measuresPhaseDifference`) and a
    /// configuration with or without an STS: mode 3 with an STS, mode 1 without, off on a one-port chip.
    public init(measuresPhaseDifference: Bool, secureTimestamps: Bool) {
        guard measuresPhaseDifference else {
            self = .off
            return
        }
        self = secureTimestamps ? .secureTimestamp : .ipatov
    }

    /// Whether a reception in this mode updates PDOA: mode 1 always, mode 3 when an STS was
    /// configured and received.
    public func measures(secureTimestamps: Bool) -> Bool {
        switch self {
        case .off: false
        case .ipatov: true
        case .secureTimestamp: secureTimestamps
        }
    }
}
