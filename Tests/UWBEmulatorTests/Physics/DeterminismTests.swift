import Foundation
import Testing
import UWBCore
@testable import UWBEmulator
import UWBTestSupport

@Suite("Emulator determinism: a seed fixes the run")
struct DeterminismTests {
    static func trace(seed: UInt64) throws -> [UInt8] {
        let scenario = try Scenario.load(
            from: Repository.path("Docs/scenarios/hall-twenty.json"), boardSearchPaths: [Repository.boardsDirectory])
        return try TraceCapture.bytes(of: try Emulation(scenario: scenario, seed: seed), until: SimulationTime(seconds: 0.5))
    }

    @Test("the same seed gives a byte-identical trace; another seed a different one")
    func sameSeedSameTrace() throws {
        let first = try Self.trace(seed: 7)
        let again = try Self.trace(seed: 7)
        let other = try Self.trace(seed: 8)
        #expect(first.count > 10_000)
        #expect(first == again)
        #expect(first != other)
    }
}
