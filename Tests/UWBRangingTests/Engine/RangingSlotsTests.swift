import EmulatorHarness
import Testing
import UWBCore

/// ``RangingSlots``: which rates give every peer a slot longer than a round, and the fastest one.
@Suite("Ranging slots")
struct RangingSlotsTests {
    @Test("a rate fits when each peer's slot is longer than the longest round")
    func fits() {
        let slots = RangingSlots(peers: 4, longestRound: .milliseconds(5))
        // 4 peers at 40 Hz: slots of 6.25 ms; at 50 Hz: exactly 5 ms, which does not fit.
        #expect(slots.fits(40))
        #expect(!slots.fits(50))
        #expect(abs(slots.rateBound - 50) < 1e-9)
    }

    @Test("the fastest rate is the bound rounded down to three significant figures", arguments: [
        // 19 peers, 5.729 ms rounds (the hall at 6.8 Mbps): bound 9.1870… Hz.
        (19, Duration.microseconds(5729), 9.18),
        // 999 peers of 62 ms rounds (1000 devices at 110 kbps): bound 0.016145… Hz.
        (999, .milliseconds(62), 0.0161),
        // 1 peer, 0.7 ms: bound 1428.57… Hz.
        (1, .microseconds(700), 1420),
    ])
    func fastestRate(peers: Int, round: Duration, expected: Double) {
        let slots = RangingSlots(peers: peers, longestRound: round)
        #expect(slots.fastestRate == expected)
        #expect(slots.fits(slots.fastestRate))
    }

    @Test("a bound that is already round does not fit, so the fastest rate is one step below it")
    func roundBound() {
        let slots = RangingSlots(peers: 2, longestRound: .milliseconds(4))
        #expect(abs(slots.rateBound - 125) < 1e-9)
        #expect(slots.fastestRate == 124)
    }

    @Test("the nearest fitting rate is the rate itself when it fits, else the fastest")
    func nearest() {
        let slots = RangingSlots(peers: 19, longestRound: .microseconds(5729))
        #expect(slots.nearestFitting(5) == 5)
        #expect(slots.nearestFitting(10) == 9.18)
    }

    @Test("no peers count as one")
    func noPeers() {
        #expect(RangingSlots(peers: 0, longestRound: .milliseconds(5)).peers == 1)
    }
}
