import Foundation
import Testing
@testable import uwb_fuzz
import UWBTestSupport

/// The fuzz targets of `uwb-fuzz` on the checked-in inputs: every seed of `Tests/Fuzz/Corpus/TARGET`
/// is a valid input its decoder accepts, and every input in `Tests/Fuzz/Crashes/TARGET` (one that once
/// crashed or hung a decoder) is now answered, not a crash. `Docs/fuzzing.md` says how to fuzz.
@Suite("Fuzz corpora")
struct FuzzCorpusTests {
    @Test("every seed is accepted by its decoder", arguments: FuzzTarget.allCases)
    func seeds(target: FuzzTarget) throws {
        let inputs = try FuzzCorpus.inputs(at: Repository.path("Tests/Fuzz/Corpus/\(target.rawValue)"))
        #expect(!inputs.isEmpty, "no seeds for \(target.rawValue)")
        for (index, input) in inputs.enumerated() {
            #expect(target.run(input), "seed \(index) of \(target.rawValue) is refused")
        }
    }

    @Test("inputs that once crashed a decoder are answered", arguments: FuzzTarget.allCases)
    func crashes(target: FuzzTarget) throws {
        let path = Repository.path("Tests/Fuzz/Crashes/\(target.rawValue)")
        guard FileManager.default.fileExists(atPath: path) else { return }
        for input in try FuzzCorpus.inputs(at: path) {
            _ = target.run(input)
        }
    }

    @Test("every seed with one octet set to 00, 7F, 80 or FF, and cut short there, never crashes a decoder",
          arguments: FuzzTarget.allCases)
    func mutatedSeeds(target: FuzzTarget) throws {
        let inputs = try FuzzCorpus.inputs(at: Repository.path("Tests/Fuzz/Corpus/\(target.rawValue)"))
        for input in inputs where !input.isEmpty {
            for position in stride(from: 0, to: input.count, by: max(1, input.count / 64)) {
                for value: UInt8 in [0x00, 0x7F, 0x80, 0xFF] {
                    var changed = input
                    changed[position] = value
                    _ = target.run(changed)
                    _ = target.run(Array(changed.prefix(position)))
                }
            }
        }
    }
}
