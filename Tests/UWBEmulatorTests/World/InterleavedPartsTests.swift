import Testing
import UWBCore
@testable import UWBEmulator
import UWBTestSupport

/// A split world run one step at a time by one thread while a harness holds parts (the emulator
/// service): how far the others may run, and when a part lags.
@Suite("Interleaved parts")
struct InterleavedPartsTests {
    /// Alice in part 0 and bob in part 1, three metres apart, with no software: nothing happens but
    /// what the test does.
    static func parts() throws -> InterleavedParts {
        let parts = InterleavedParts(try FacingPair.emulation(seed: 4, parts: 2))
        parts.start()
        return parts
    }

    @Test("while part 0's software may act at 1 ms, part 1 may run to 1 ms plus the transmitter's power-up less 1 µs, and part 0 a lookahead more")
    func limitOfAHeldPart() throws {
        let parts = try Self.parts()
        let held = SimulationTime(seconds: 0.001)
        // VirtualRadio.transmitterPowerUp is 5 µs (DW1000 user manual, TX start-up); a fast clock
        // and rounding take 1 µs off it.
        let limits = parts.limits(acting: [held, nil])
        #expect(limits[1] == held + .microseconds(4))
        // Part 0 itself may run until part 1 could answer a frame of part 0's software: a lookahead
        // after that frame.
        #expect(limits[0] == held + .microseconds(8))
        #expect(parts.limits(acting: [nil, nil])[1] == SimulationTime(picoseconds: .max))
    }

    @Test("a part held at 1 ms lags once another has run past it, and catches up by its own steps")
    func lagAndCatchUp() throws {
        let parts = try Self.parts()
        let first = try #require(parts.nextStep(of: 0, horizon: SimulationTime(seconds: 0.001)))
        #expect(!first.runsEvent && first.time == SimulationTime(seconds: 0.001))
        parts.take(first)
        #expect(!parts.lags(held: 0))
        let ahead = try #require(parts.nextStep(of: 1, horizon: SimulationTime(seconds: 0.001) + .microseconds(3)))
        #expect(!parts.lags(ahead))
        parts.take(ahead)
        #expect(parts.reached == SimulationTime(seconds: 0.001) + .microseconds(3))
        #expect(parts.lags(held: 0))
        let behind = try #require(parts.nextStep(of: 0, horizon: SimulationTime(seconds: 0.001) + .microseconds(2)))
        #expect(parts.lags(behind))
        parts.take(behind)
        let caughtUp = try #require(parts.nextStep(of: 0, horizon: SimulationTime(seconds: 0.002)))
        #expect(!parts.lags(caughtUp))
        #expect(parts.nextStep(of: 1, horizon: nil) == nil)
    }
}
