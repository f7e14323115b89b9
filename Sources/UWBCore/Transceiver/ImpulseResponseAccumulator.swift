/// One of a radio's channel impulse response (CIR) accumulators, as
/// ``Transceiver/readChannelImpulseResponse(_:samples:)`` reads it.
///
/// A receiver correlates the incoming symbols with the sequence it expects and adds them up,
/// symbol after symbol, in an accumulator: the result is the channel's impulse response. A DW1000
/// has one accumulator, the preamble's. A DW3000 has three regions in its CIR memory: the preamble's
/// and two for the scrambled timestamp sequence (STS) of IEEE 802.15.4z (DW3000 User Manual §8.2.22;
/// Qorvo API `dwt_acc_idx_e`: `DWT_ACC_IDX_IP_M`, `DWT_ACC_IDX_STS0_M`, `DWT_ACC_IDX_STS1_M`).
public enum ImpulseResponseAccumulator: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The preamble's accumulator (the Ipatov sequence's): the only one on a DW1000.
    case preamble = "ipatov"
    /// The STS accumulator (Qorvo's "STS1"); in PDoA mode 3 it holds the STS's first half.
    case secureTimestamp = "sts1"
    /// The second STS accumulator (Qorvo's "STS2"): only in PDoA mode 3, where the chip receives the
    /// STS's second half on its other antenna port and accumulates it here.
    case secureTimestampSecondHalf = "sts2"

    /// The accumulator's name as the vendor's documentation gives it: `Ipatov`, `STS1` or `STS2`.
    public var description: String {
        switch self {
        case .preamble: "Ipatov"
        case .secureTimestamp: "STS1"
        case .secureTimestampSecondHalf: "STS2"
        }
    }
}
