import EmulatorHarness
import UWBEmulator

/// One rank's output lines of one slice of a run under MPI (`uwb locate`, `uwb range`; Docs/mpi.md), each
/// with the time and device that place it among the other ranks' lines, and its tallies for the summary.
struct RankLines: Codable {
    /// One line of output.
    struct Line: Codable {
        /// When the record it prints was made.
        let picoseconds: Int64
        /// The device that made it.
        let device: String
        /// The line as printed.
        let text: String
    }

    /// The lines, in the order this rank made them.
    var lines: [Line] = []
    /// Counts for the summary on standard error, by what they count.
    var tallies: [String: Int] = [:]

    /// Adds a line for a record `device` made at `time`.
    mutating func add(_ text: String, at time: SimulationTime, by device: String) {
        lines.append(Line(picoseconds: time.picoseconds, device: device, text: text))
    }
}

extension RankJob {
    /// Every rank's `slice` of lines: on the first rank, merged in the order one process prints them
    /// (`PartOrder`), with the tallies summed; `nil` on the others. Every rank must call it at the same
    /// point of the run.
    func merged(_ slice: RankLines) throws -> RankLines? {
        let all = try gather(slice)
        guard leads else { return nil }
        var merged = RankLines()
        merged.lines = PartOrder.merged(
            all.map(\.lines), time: { SimulationTime(picoseconds: $0.picoseconds) }, device: \.device)
        for rank in all {
            merged.tallies.merge(rank.tallies, uniquingKeysWith: +)
        }
        return merged
    }

    /// Runs a world slice by slice until `end`, `slice` of simulated time at a time: `run` runs this rank's
    /// part up to an instant, `take` gives the lines it made since, and the first rank prints every rank's
    /// in the order one process would. Returns the tallies of the whole run, summed over the ranks, on the
    /// first rank (empty on the others).
    func runSlices(
        until end: SimulationTime, slice: Duration, run: (SimulationTime) throws(EmulationError) -> Void, take: () -> RankLines
    ) throws -> [String: Int] {
        var time = SimulationTime.zero
        var tallies: [String: Int] = [:]
        while time < end {
            time = min(time + slice, end)
            running { () throws(EmulationError) in
                try run(time)
            }
            if let merged = try merged(take()) {
                for line in merged.lines {
                    print(line.text)
                }
                tallies.merge(merged.tallies, uniquingKeysWith: +)
            }
        }
        return tallies
    }
}
