import Testing
import UWBCore


@Suite("APS011 range bias tables")
struct RangeBiasTableTests {
    private func bias(_ dBm: Double, _ prf: PulseRepetitionFrequency, wideband: Bool = false) -> Double {
        RangeBiasTable.bias(receivedLevel: PowerLevel(dBm: dBm), prf: prf, wideband: wideband).centimetres
    }

    // The physics reference: Docs/reference/uwb-physics.md.
    @Test("table points (physics reference §3.1)")
    func tablePoints() {
        #expect(abs(bias(-81, .sixteenMegahertz) - 0.0) < 1e-9)
        #expect(abs(bias(-93, .sixteenMegahertz) - 11.0) < 1e-9)
        #expect(abs(bias(-61, .sixteenMegahertz) - -19.8) < 1e-9)
        #expect(abs(bias(-77, .sixtyFourMegahertz) - 0.0) < 1e-9)
        #expect(abs(bias(-93, .sixtyFourMegahertz) - 8.1) < 1e-9)
        #expect(abs(bias(-95, .sixteenMegahertz, wideband: true) - 39.4) < 1e-9)
        #expect(abs(bias(-75, .sixteenMegahertz, wideband: true) - 0.0) < 1e-9)
        #expect(abs(bias(-61, .sixtyFourMegahertz, wideband: true) - -29.5) < 1e-9)
    }

    @Test("midway between points the bias is the mean of its neighbours")
    func interpolation() {
        // 16 MHz: −93 → 11.0, −91 → 10.6, so −92 → 10.8. 64 MHz: −77 → 0.0, −75 → −2.7, so −76 → −1.35.
        #expect(abs(bias(-92, .sixteenMegahertz) - 10.8) < 1e-9)
        #expect(abs(bias(-76, .sixtyFourMegahertz) - -1.35) < 1e-9)
        // A quarter of the way from −81 (0.0) to −79 (−3.1): −0.775.
        #expect(abs(bias(-80.5, .sixteenMegahertz) - -0.775) < 1e-9)
    }

    @Test("outside the table the end values hold")
    func clamping() {
        #expect(abs(bias(-120, .sixteenMegahertz) - 11.0) < 1e-9)
        #expect(abs(bias(-20, .sixteenMegahertz) - -19.8) < 1e-9)
        #expect(abs(bias(-200, .sixtyFourMegahertz, wideband: true) - 28.4) < 1e-9)
        #expect(abs(bias(.nan, .sixtyFourMegahertz) - 8.1) < 1e-9)
    }
}
