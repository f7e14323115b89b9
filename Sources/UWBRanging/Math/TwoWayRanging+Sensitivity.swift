extension TwoWayRanging {
    /// How much the double-sided time of flight moves per tick of error in each receive timestamp
    /// of a round: the partial derivatives ∂ToF/∂stamp of (Ra·Rb − Da·Db)/(Ra + Rb + Da + Db)
    /// for RESPONSE's, POLL's and FINAL's RX timestamps, at the round's own intervals.
    ///
    /// With equal noise σ on each RX timestamp (TX timestamps are exact), the time of flight's
    /// noise is σ·√(Σ weight²): about 0.61 σ with replies of 0.27 ms and 0.8 ms.
    public static func receiveTimestampWeights(_ t: RoundTimestamps) -> (response: Double, poll: Double, final: Double) {
        let roundA = Double(t.responseReceived.elapsed(since: t.pollTransmitted).ticks)
        let replyB = Double(t.responseTransmitted.elapsed(since: t.pollReceived).ticks)
        let replyA = Double(t.finalTransmitted.elapsed(since: t.responseReceived).ticks)
        let roundB = Double(t.finalReceived.elapsed(since: t.responseTransmitted).ticks)
        let sum = roundA + roundB + replyA + replyB
        guard sum > 0 else { return (0, 0, 0) }
        let flight = (roundA * roundB - replyA * replyB) / sum
        return ((roundB + replyB) / sum, (replyA + flight) / sum, (roundA - flight) / sum)
    }
}
