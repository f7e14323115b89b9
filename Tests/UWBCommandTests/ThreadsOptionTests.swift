import Foundation
import Testing

/// `--threads N` on `uwb emulate`, `uwb locate` and `uwb range`: the world split into N parts prints the
/// same bytes as one part, says on standard error what each part did, and refuses what cannot be split.
@Suite("--threads: the same output on any number of threads")
struct ThreadsOptionTests {
    @Test("1 and 3 threads print the same bytes; 3 print a line per part on standard error", arguments: [
        ["emulate", "--scenario", "Docs/scenarios/hall-twenty.json", "--duration", "1"],
        ["locate", "--scenario", "Docs/scenarios/warehouse.json", "--duration", "1", "--format", "jsonl"],
        ["range", "--scenario", "Docs/scenarios/dense-room.json", "--cluster-size", "2", "--duration", "1", "--format", "jsonl"],
    ])
    func sameOutput(arguments: [String]) throws {
        let one = try CommandRun(arguments + ["--threads", "1"])
        #expect(one.status == 0, "\(one.error)")
        #expect(!one.output.isEmpty)
        #expect(!one.error.contains("part 0:"))
        let three = try CommandRun(arguments + ["--threads", "3"])
        #expect(three.status == 0, "\(three.error)")
        #expect(three.output == one.output)
        for part in 0..<3 {
            #expect(three.error.contains("part \(part): "), "\(three.error)")
        }
    }

    @Test("--threads 0, more threads than ranging clusters, and a cluster that leaves a device alone are refused with what to give")
    func refused() throws {
        let range = ["range", "--scenario", "Docs/scenarios/dense-room.json", "--duration", "1"]
        let zero = try CommandRun(range + ["--threads", "0"])
        #expect(zero.status != 0)
        #expect(zero.error.contains("--threads 0: give 1 or more"), "\(zero.error)")
        // Fourteen devices in clusters of 7: two clusters, so at most two parts.
        let beyond = try CommandRun(range + ["--cluster-size", "7", "--threads", "3"])
        #expect(beyond.status != 0)
        #expect(beyond.error.contains("cannot be split into 3 parts; give at most 2"), "\(beyond.error)")
        // Without clusters the first device ranges with all: one part.
        let unclustered = try CommandRun(range + ["--threads", "2"])
        #expect(unclustered.status != 0)
        #expect(unclustered.error.contains("give at most 1"), "\(unclustered.error)")
        let alone = try CommandRun(range + ["--cluster-size", "13"])
        #expect(alone.status != 0)
        #expect(alone.error.contains("cluster size 13 with 14 devices"), "\(alone.error)")
    }
}
