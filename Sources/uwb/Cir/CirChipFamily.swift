import ArgumentParser
import UWBCore
import UWBEmulator

/// The chip family whose accumulators `uwb cir detect` reads: their level formulas differ.
enum CirChipFamily: String, ExpressibleByArgument, CaseIterable {
    /// The DW1000 (DecaRanging logs are its).
    case dw1000
    /// The DW3000 family.
    case dw3000

    /// The family's accumulator at `prf`.
    func format(_ prf: PulseRepetitionFrequency) -> AccumulatorFormat {
        switch self {
        case .dw1000: .dw1000(prf)
        case .dw3000: .dw3000(prf)
        }
    }
}
