import Testing
import UWBCore
@testable import UWBRanging

/// The correction subtracts the APS011 bias (positive = measured too long) and the pair offset.
@Suite struct RangeCorrectionTests {
    /// Table points (level, PRF, wideband, bias in cm) read off the APS011 v1.1 tables in
    /// `Docs/reference/uwb-physics.md` §3.1.
    static let tablePoints: [(Double, PulseRepetitionFrequency, Bool, Double)] = [
        (-93, .sixteenMegahertz, false, 11.0),   // first entry, 500 MHz 16 MHz PRF
        (-81, .sixteenMegahertz, false, 0.0),    // its zero
        (-61, .sixteenMegahertz, false, -19.8),  // last entry
        (-93, .sixtyFourMegahertz, false, 8.1),
        (-77, .sixtyFourMegahertz, false, 0.0),
        (-61, .sixtyFourMegahertz, false, -11.0),
        (-95, .sixteenMegahertz, true, 39.4),
        (-75, .sixtyFourMegahertz, true, 0.0),
        (-61, .sixtyFourMegahertz, true, -29.5),
    ]

    @Test func subtractsTheBiasAtTablePoints() {
        let correction = RangeCorrection()
        for (level, prf, wideband, centimetres) in Self.tablePoints {
            let corrected = correction.corrected(.metres(5), receivedLevel: PowerLevel(dBm: level), prf: prf, wideband: wideband)
            #expect(abs(corrected.metres - (5 - centimetres / 100)) < 1e-12, "at \(level) dBm, \(prf), wideband \(wideband)")
        }
    }

    @Test func interpolatesBetweenTablePoints() {
        // 64 MHz PRF, 500 MHz: −92 dBm lies halfway between 8.1 (−93) and 7.6 (−91) cm → 7.85 cm.
        let corrected = RangeCorrection().corrected(.metres(2), receivedLevel: PowerLevel(dBm: -92), prf: .sixtyFourMegahertz, wideband: false)
        #expect(abs(corrected.metres - (2 - 0.0785)) < 1e-12)
    }

    @Test func subtractsThePairOffsetAndCanSkipTheBias() {
        let correction = RangeCorrection(antennaDelayOffset: .centimetres(3), applyRangeBias: false)
        let corrected = correction.corrected(.metres(5), receivedLevel: PowerLevel(dBm: -93), prf: .sixtyFourMegahertz, wideband: false)
        #expect(abs(corrected.metres - 4.97) < 1e-12)
        let both = RangeCorrection(antennaDelayOffset: .centimetres(3))
            .corrected(.metres(5), receivedLevel: PowerLevel(dBm: -93), prf: .sixtyFourMegahertz, wideband: false)
        #expect(abs(both.metres - (5 - 0.03 - 0.081)) < 1e-12)
    }
}

private extension Distance {
    static func metres(_ value: Double) -> Distance { Distance(metres: value) }
}
