import UWBCore
import UWBRanging

/// Asymmetric DS-TWR computed inline for tests, (Ra·Rb − Da·Db)/(Ra + Rb + Da + Db), in ticks.
func doubleSidedTicks(_ round: CompletedRound) -> Double {
    let roundA = Double(round.responseReceived.elapsed(since: round.pollTransmitted).ticks)
    let replyB = Double(round.responseTransmitted.elapsed(since: round.pollReceived).ticks)
    let replyA = Double(round.finalTransmitted.elapsed(since: round.responseReceived).ticks)
    let roundB = Double(round.finalReceived.elapsed(since: round.responseTransmitted).ticks)
    return (roundA * roundB - replyA * replyB) / (roundA + roundB + replyA + replyB)
}
