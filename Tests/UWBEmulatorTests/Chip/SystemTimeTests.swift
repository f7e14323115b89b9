import DW1000Driver
import Testing
import UWBCore
@testable import UWBEmulator

@Suite("Virtual DW1000: SYS_TIME (UM §7.2.8)")
struct SystemTimeTests {
    /// SYS_TIME as the manual defines it for a counter started at `phase` ticks: ⌊phase + 63.8976 GHz ×
    /// (1 + offset) × t⌋ mod 2⁴⁰ with bits 8:0 zero.
    static func expected(seconds: Double, offset: Double, phase: Double = 0) -> UInt64 {
        let ticks = (phase + 63.8976e9 * (1 + offset * 1e-6) * seconds).rounded(.down)
        return UInt64(ticks.truncatingRemainder(dividingBy: 1_099_511_627_776)) & ~UInt64(0x1FF)
    }

    @Test("SYS_TIME advances at 63.8976 GHz × (1 + offset) with bits 8:0 zero", arguments: [0.0, 20, -35.5])
    func rate(offset: Double) throws {
        let bench = ChipBench()
        let chip = bench.addChip(offset: offset, counterPhase: 1_000)
        for seconds in [0.001, 0.25, 3.75] {
            bench.run(untilSeconds: seconds)
            let time = try chip.read(.sysTime)
            #expect(time & 0x1FF == 0)
            #expect(time == Self.expected(seconds: seconds, offset: offset, phase: 1_000))
        }
    }

    @Test("SYS_TIME wraps at 2⁴⁰ (every 17.2074 s)")
    func wraps() throws {
        let bench = ChipBench()
        let chip = bench.addChip()
        let wrapSeconds = 1_099_511_627_776 / 63.8976e9
        #expect(abs(wrapSeconds - 17.2074) < 1e-4)
        bench.run(untilSeconds: wrapSeconds - 0.001)
        let before = try chip.read(.sysTime)
        bench.run(untilSeconds: wrapSeconds + 0.0012345)
        let after = try chip.read(.sysTime)
        #expect(after < before)
        #expect(after == Self.expected(seconds: wrapSeconds + 0.0012345, offset: 0))
        bench.run(untilSeconds: 100)
        #expect(try chip.read(.sysTime) == Self.expected(seconds: 100, offset: 0))
    }

    @Test("two chips on one oscillator advance at the same rate")
    func sharedOscillator() throws {
        let bench = ChipBench()
        let oscillator = Oscillator(offset: ClockOffset(partsPerMillion: 12), drift: 0.05, random: SeededRandom(seed: 3))
        let first = bench.addChip(oscillator: oscillator, counterPhase: 0)
        let second = bench.addChip(oscillator: oscillator, counterPhase: 512 * 1_000)
        var previous: (UInt64, UInt64)?
        for seconds in [0.5, 1.5, 2.5, 7.25] {
            bench.run(untilSeconds: seconds)
            let (a, b) = (try first.read(.sysTime), try second.read(.sysTime))
            #expect((b &- a) & (ChipTables.wrap - 1) == 512 * 1_000)
            if let previous {
                #expect((a &- previous.0) & (ChipTables.wrap - 1) == (b &- previous.1) & (ChipTables.wrap - 1))
            }
            previous = (a, b)
        }
    }

    @Test("a 5-octet read at sub-index 1 returns the upper octets of the same value")
    func partialRead() throws {
        let bench = ChipBench()
        let chip = bench.addChip(counterPhase: 0)
        bench.run(untilSeconds: 2.5)
        let whole = try chip.readOctets(.sysTime)
        #expect(try chip.readOctets(.sysTime, offset: 1, count: 4) == Array(whole.dropFirst()))
    }
}
