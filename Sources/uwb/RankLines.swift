import EmulatorHarness
import UWBEmulator

/// One rank's output lines of one slice of a run under MPI (`uwb locate`, `uwb range`; Docs/mpi.md), each
/// with the time and device that place it among the other ranks' lines, and its tallies for the summary.
struct RankLines: Equatable {
    /// One line of output.
    struct Line: Equatable {
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

    /// No lines and no tallies.
    init() {}

    /// Adds a line for a record `device` made at `time`.
    mutating func add(_ text: String, at time: SimulationTime, by device: String) {
        lines.append(Line(picoseconds: time.picoseconds, device: device, text: text))
    }

    /// The first octet of ``octets``, which says what the message holds (no ``RankMessage`` has it).
    private static let kind: UInt8 = 0x4C

    /// The lines and tallies as one message for the first rank: each field little-endian after its
    /// length, as the ranks' own messages are written (`RankMessageWriter`). Tens of thousands of lines a
    /// simulated second go this way; as JSON they cost the first rank a tenth of a second each
    /// (Docs/benchmarks.md, "Whole commands: printing and gathering").
    var octets: [UInt8] {
        var writer = RankMessageWriter(kind: Self.kind)
        writer.integer(lines.count)
        for line in lines {
            writer.integer(line.picoseconds)
            writer.octets(Array(line.device.utf8))
            writer.octets(Array(line.text.utf8))
        }
        writer.integer(tallies.count)
        for (name, count) in tallies.sorted(by: { $0.key < $1.key }) {
            writer.octets(Array(name.utf8))
            writer.integer(count)
        }
        return writer.octets
    }

    /// The lines and tallies ``octets`` wrote.
    ///
    /// - Throws: `EmulationError.rankMessage` naming what is missing or out of place.
    init(octets: [UInt8]) throws(EmulationError) {
        var reader = RankMessageReader(octets)
        let kind = try reader.octet("kind")
        guard kind == Self.kind else { throw .rankMessage("a message of kind \(kind) where a rank's lines belong") }
        let count = try reader.integer("count of lines")
        guard count >= 0, count <= octets.count else { throw .rankMessage("\(count) lines in \(octets.count) octets") }
        lines.reserveCapacity(Int(count))
        for _ in 0..<count {
            lines.append(Line(
                picoseconds: try reader.integer("line's time"),
                device: try reader.text("line's device") { $0 },
                text: try reader.text("line") { $0 }))
        }
        for _ in 0..<(try reader.integer("count of tallies")) {
            let name = try reader.text("tally's name") { $0 }
            tallies[name, default: 0] += Int(try reader.integer("tally"))
        }
        try reader.finish()
    }
}

extension RankLines {
    /// Every rank's lines of one slice, `all` in rank order, merged in the order one process prints them
    /// (`PartOrder`), with the tallies summed.
    static func merged(_ all: [RankLines]) -> RankLines {
        var merged = RankLines()
        merged.lines = PartOrder.merged(all.map(\.lines), time: { SimulationTime(picoseconds: $0.picoseconds) }, device: \.device)
        for rank in all {
            merged.tallies.merge(rank.tallies, uniquingKeysWith: +)
        }
        return merged
    }

    /// The lines as printed, each ended by a newline, for one write.
    var text: String {
        lines.map { $0.text + "\n" }.joined()
    }
}

extension RankJob {
    /// Every rank's `slice` of lines: on the first rank, merged in the order one process prints them,
    /// with the tallies summed; `nil` on the others. Every rank must call it at the same point of the run.
    func merged(_ slice: RankLines) -> RankLines? {
        let all = job.gather(slice.octets)
        guard leads else { return nil }
        return RankLines.merged(all.enumerated().map { rank, octets in lines(octets, from: rank) })
    }

    /// The lines rank `rank` sent as `octets`; a message this rank cannot read ends the job (``abort(_:)``),
    /// since the other ranks have gone on.
    private func lines(_ octets: [UInt8], from rank: Int) -> RankLines {
        do {
            return try RankLines(octets: octets)
        } catch {
            abort("lines from rank \(rank): \(error.description)")
        }
    }

    /// Runs a world slice by slice until `end`, `slice` of simulated time at a time: `run` runs this rank's
    /// part up to an instant, `take` gives the lines it made since, and the first rank prints every rank's
    /// in the order one process would, each slice's in one write. Returns the tallies of the whole run,
    /// summed over the ranks, on the first rank (empty on the others).
    func runSlices(
        until end: SimulationTime, slice: Duration, run: (SimulationTime) throws(EmulationError) -> Void, take: () -> RankLines
    ) -> [String: Int] {
        var time = SimulationTime.zero
        var tallies: [String: Int] = [:]
        while time < end {
            time = min(time + slice, end)
            running { () throws(EmulationError) in
                try run(time)
            }
            if let merged = merged(take()) {
                print(merged.text, terminator: "")
                tallies.merge(merged.tallies, uniquingKeysWith: +)
            }
        }
        return tallies
    }
}
