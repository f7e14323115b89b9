import Testing
import UWBCore
@testable import UWBEmulator

@Suite("Excess delay in picoseconds: the standard library's Duration arithmetic without the Duration")
struct ExcessDelayTests {
    @Test("equal to Duration.seconds(x).picoseconds for excess delays and whole seconds",
          arguments: [0.0, 1e-12, 1.5e-12, 1.234e-9, 0.999_999_999_999_999_9, 1, 2.75, 3.000_000_000_0005])
    func golden(seconds: Double) {
        #expect(ExcessDelay.picoseconds(ofSeconds: seconds) == Duration.seconds(seconds).picoseconds)
    }

    @Test("equal to Duration.seconds(x).picoseconds for 100 000 exponential draws (mean 0.5 m of light)")
    func draws() {
        var random = SeededRandom(seed: 5)
        let differing = (0..<100_000).filter { _ in
            let seconds = random.exponential(mean: NLOSModel.standard.meanExcessSeconds)
            return ExcessDelay.picoseconds(ofSeconds: seconds) != Duration.seconds(seconds).picoseconds
        }
        #expect(differing.isEmpty)
    }
}
