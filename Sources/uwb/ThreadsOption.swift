import ArgumentParser
import Foundation

/// `--threads N`: how many threads an emulated world runs on, one part of the world each (decision 0030):
/// the output is the same for any number.
struct ThreadsOption: ParsableArguments {
    @Option(parsing: .unconditional, help: """
        Threads to run the emulated world on, one part of it each; the output is the same for any number \
        (default: the machine's cores, at most one per device or group that must share a part; uwb range: 1, \
        since bare ranging rounds keep the parts waiting for each other, unless its devices are fitted for bands \
        apart; uwb emulator serve: 1, since apps' \
        turns seldom come close enough in virtual time to be taken at once; Docs/benchmarks.md).
        """)
    var threads: Int?

    func validate() throws {
        if let threads, threads < 1 {
            throw ValidationError("--threads \(threads): give 1 or more")
        }
    }

    /// How many parts to split a world into that can be split into at most `maximum`: `--threads` if
    /// given, otherwise `preferred` (the machine's cores if `nil`), at most `maximum`.
    func parts(maximum: Int, preferred: Int? = nil) -> Int {
        threads ?? max(1, min(preferred ?? ProcessInfo.processInfo.activeProcessorCount, maximum))
    }
}
