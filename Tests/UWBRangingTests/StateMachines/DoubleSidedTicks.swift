import UWBCore
import UWBRanging

/// The DS-TWR time of flight of a round in ticks, NaN if the timestamps are impossible.
func doubleSidedTicks(_ round: CompletedRound) -> Double {
    (try? TwoWayRanging.doubleSided(round.timestamps).ticks) ?? .nan
}
