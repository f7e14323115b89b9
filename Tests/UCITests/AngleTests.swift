import Testing
import UCI

@Suite struct AngleTests {
    @Test func minus180IsExact() {
        let angle = UCIAngle(degrees: -180)
        #expect(angle.field == 0xA600)  // −180 × 128 = −23040 = 0xA600 in two's complement
        #expect(angle.degrees == -180)
    }

    @Test func zero() {
        #expect(UCIAngle(degrees: 0).field == 0)
        #expect(UCIAngle(field: 0).degrees == 0)
    }

    @Test func almost180RoundTripsWithinTheResolution() {
        let angle = UCIAngle(degrees: 179.99)
        #expect(angle.field == 23039)  // 179.99 × 128 = 23038.72 → 23039
        #expect(abs(angle.degrees - 179.99) <= UCIAngle.resolution / 2)
        #expect(UCIAngle(field: angle.field) == angle)
    }

    @Test func fieldsDecodeAsSignedQ9_7() {
        #expect(UCIAngle(field: 0xE980).degrees == -45)
        #expect(UCIAngle(field: 0x0540).degrees == 10.5)
        #expect(UCIAngle(field: 0xFFFF).degrees == -UCIAngle.resolution)
        #expect(UCIAngle.resolution == 0.0078125)
    }

    @Test func outOfRangeClamps() {
        #expect(UCIAngle(degrees: 1_000).field == 0x7FFF)
        #expect(UCIAngle(degrees: -1_000).field == 0x8000)
        #expect(UCIAngle(degrees: .nan).field == 0)
    }
}
