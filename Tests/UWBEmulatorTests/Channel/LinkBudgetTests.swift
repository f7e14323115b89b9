import Testing
import UWBCore
import UWBEmulator

@Suite("Link budget")
struct LinkBudgetTests {
    @Test("the emission mask over 499.2 MHz gives −14.3 dBm")
    func maskLevel() {
        // −41.3 dBm/MHz + 10·log₁₀(499.2) = −41.3 + 26.983 = −14.317 dBm.
        #expect(abs(LinkBudget.maskLimitedLevel(bandwidth: .megahertz(499.2)).dBm - -14.317) < 0.001)
        #expect(LinkBudget.standard.transmitLevel == PowerLevel(dBm: -14.3))
    }

    @Test("received level is TX level plus gains minus loss")
    func receivedLevel() throws {
        // −14.3 dBm − 60 dB = −74.3 dBm; with +2 dBi and +1 dBi antennas: −71.3 dBm.
        #expect(abs(LinkBudget.standard.receivedLevel(pathLoss: PowerRatio(decibels: 60)).dBm - -74.3) < 1e-9)
        let budget = try LinkBudget(
            transmitLevel: PowerLevel(dBm: -14.3), transmitAntennaGain: PowerRatio(decibels: 2),
            receiveAntennaGain: PowerRatio(decibels: 1))
        #expect(abs(budget.receivedLevel(pathLoss: PowerRatio(decibels: 60)).dBm - -71.3) < 1e-9)
    }

    @Test("a non-finite transmit level is rejected")
    func invalid() {
        #expect(throws: ChannelModelError.notFinite(parameter: "txPowerDBm", value: .infinity)) {
            try LinkBudget(transmitLevel: PowerLevel(dBm: .infinity))
        }
    }
}
