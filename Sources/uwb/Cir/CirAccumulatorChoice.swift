import ArgumentParser
import UWBCore

/// The accumulator `uwb cir --accumulator` names, spelled as in the JSON output.
enum CirAccumulatorChoice: String, ExpressibleByArgument, CaseIterable {
    /// The preamble's (Ipatov) accumulator, on every radio.
    case ipatov
    /// The first STS accumulator (DW3000 family, with an STS).
    case sts1
    /// The second STS accumulator (a DW3x20 in PDoA mode 3, with an STS).
    case sts2

    /// The accumulator the driver reads.
    var accumulator: ImpulseResponseAccumulator {
        switch self {
        case .ipatov: .preamble
        case .sts1: .secureTimestamp
        case .sts2: .secureTimestampSecondHalf
        }
    }
}
