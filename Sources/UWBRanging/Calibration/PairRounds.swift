import UWBCore

/// A calibration pair's raw distances, one per ranging round, from what both of its sides
/// reported.
///
/// Both sides of a DS-TWR round report it: the responder once FINAL has come, the initiator once
/// REPORT has, from the same six timestamps, each with its own range-bias correction. The two are
/// one sample, not two (on the emulator they are equal to the bit), so a round's distance is the
/// mean of the sides that reported it, and a count of samples counts rounds.
///
/// A round is *settled* once both sides have reported it or a later round of the pair has been
/// reported (a side that missed REPORT or FINAL never reports it). Only settled rounds are given,
/// in round order: so the first `n` of them are the same whenever they are read, however many
/// rounds came after them before the caller looked.
public struct PairRounds: Sendable {
    /// The settled rounds' raw distances, in round order. A round whose sides reported no raw
    /// distance (an impossible set of timestamps, a failed secure-timestamp check) gives none.
    public let distances: [Distance]

    /// The rounds of the measurements of one side and of the other, each in the order they
    /// were reported (that is, in round order).
    public init(_ first: [RangingMeasurement], _ second: [RangingMeasurement]) {
        var rounds: [[RangingMeasurement]] = []
        var one = first[...], other = second[...]
        while let a = one.first, let b = other.first {
            // Round numbers wrap at 2¹⁶: compare them as serial numbers (RFC 1982).
            let ahead = Int16(bitPattern: b.round &- a.round)
            if ahead == 0 {
                rounds.append([a, b])
                one.removeFirst()
                other.removeFirst()
            } else if ahead > 0 {
                rounds.append([a])
                one.removeFirst()
            } else {
                rounds.append([b])
                other.removeFirst()
            }
        }
        rounds += one.map { [$0] } + other.map { [$0] }
        // The last round, heard from one side only, may still be reported by the other.
        if rounds.last?.count == 1 {
            rounds.removeLast()
        }
        distances = rounds.compactMap { sides in
            let values = sides.compactMap(\.rawDistance?.metres)
            return values.isEmpty ? nil : Distance(metres: values.reduce(0, +) / Double(values.count))
        }
    }
}
