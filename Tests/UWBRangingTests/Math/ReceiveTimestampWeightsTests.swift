import Testing
import UWBCore
import UWBRanging

@Suite("DS-TWR sensitivity to receive-timestamp errors")
struct ReceiveTimestampWeightsTests {
    /// With equal replies D and rounds R = D + 2τ, ToF = (R − D)/2, and the partial derivatives of
    /// (Ra·Rb − Da·Db)/(Ra + Rb + Da + Db) are ½ for RESPONSE's RX stamp and ¼ for POLL's and
    /// FINAL's: √(¼ + 1/16 + 1/16) = 0.612 of one stamp's noise reaches the time of flight.
    @Test("symmetric replies: ½, ¼, ¼")
    func symmetric() {
        let flight = DeviceDuration(ticks: 1000)
        let reply = DeviceDuration(ticks: 20_000_000)
        let pollTx = DeviceTime(wrapping: 123_456)
        let pollRx = pollTx + flight
        let responseTx = pollRx + reply
        let responseRx = responseTx + flight
        let finalTx = responseRx + reply
        let finalRx = finalTx + flight
        let weights = TwoWayRanging.receiveTimestampWeights(RoundTimestamps(
            pollTransmitted: pollTx, pollReceived: pollRx, responseTransmitted: responseTx,
            responseReceived: responseRx, finalTransmitted: finalTx, finalReceived: finalRx))
        #expect(abs(weights.response - 0.5) < 1e-12)
        #expect(abs(weights.poll - 0.25) < 1e-12)
        #expect(abs(weights.final - 0.25) < 1e-12)
    }

    @Test("a degenerate round has no weights rather than a division by zero")
    func degenerate() {
        let time = DeviceTime.zero
        let weights = TwoWayRanging.receiveTimestampWeights(RoundTimestamps(
            pollTransmitted: time, pollReceived: time, responseTransmitted: time,
            responseReceived: time, finalTransmitted: time, finalReceived: time))
        #expect(weights == (0, 0, 0))
    }
}
