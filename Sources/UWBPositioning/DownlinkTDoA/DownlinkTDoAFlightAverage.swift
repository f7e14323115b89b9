import UWBCore
import UWBRanging

/// A responder's time of flight to its initiator, averaged over the rounds it ranged: the plain
/// mean of the first ``memory`` rounds, then an exponential mean of about that many, so that one
/// reception timed late moves it by a sixteenth of its error and a moved anchor is followed
/// within a few seconds. Both anchors stand still, so every round measures the same flight.
struct DownlinkTDoAFlightAverage {
    /// The rounds the mean remembers: 16.
    static let memory = 16

    private var mean: Double?
    private var rounds = 0

    /// Adds one round's time of flight.
    mutating func add(_ flight: TimeOfFlight) {
        rounds += 1
        let previous = mean ?? flight.ticks
        mean = previous + (flight.ticks - previous) / Double(min(rounds, Self.memory))
    }

    /// The mean to the nearest tick, as a Response carries it; `nil` before the first round or
    /// for a mean the frame cannot carry (negative, for anchors closer than their timestamps' noise).
    var carried: DeviceDuration? {
        guard let ticks = mean?.rounded(), ticks >= 0, ticks < Double(DownlinkTDoAFrame.noTimeOfFlight) else { return nil }
        return DeviceDuration(ticks: Int64(ticks))
    }
}
