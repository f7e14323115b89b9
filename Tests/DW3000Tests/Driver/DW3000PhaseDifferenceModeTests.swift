import DW3000Driver
import Testing

/// SYS_CFG.PDOA_MODE as the Qorvo API numbers it (`DWT_PDOA_M0` 0, `DWT_PDOA_M1` 1, `DWT_PDOA_M3` 3).
@Suite struct DW3000PhaseDifferenceModeTests {
    @Test("a two-port chip measures on the STS with one and on the Ipatov preamble without; a one-port chip never")
    func choice() {
        #expect(DW3000PhaseDifferenceMode(measuresPhaseDifference: true, secureTimestamps: true).rawValue == 3)
        #expect(DW3000PhaseDifferenceMode(measuresPhaseDifference: true, secureTimestamps: false).rawValue == 1)
        #expect(DW3000PhaseDifferenceMode(measuresPhaseDifference: false, secureTimestamps: true).rawValue == 0)
        #expect(DW3000PhaseDifferenceMode(measuresPhaseDifference: false, secureTimestamps: false).rawValue == 0)
    }

    @Test("mode 1 updates PDOA on every reception, mode 3 only with an STS, mode 0 never")
    func measures() {
        #expect(DW3000PhaseDifferenceMode.ipatov.measures(secureTimestamps: false))
        #expect(DW3000PhaseDifferenceMode.secureTimestamp.measures(secureTimestamps: true))
        #expect(!DW3000PhaseDifferenceMode.secureTimestamp.measures(secureTimestamps: false))
        #expect(!DW3000PhaseDifferenceMode.off.measures(secureTimestamps: true))
    }
}
