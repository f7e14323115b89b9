import Testing
import UWBCore
import UWBRanging

@Suite("Ranging frames: fuzz")
struct RangingFrameFuzzTests {
    @Test("decoding random and mutated octets never traps, and what decodes re-encodes to a frame that decodes equal")
    func neverTraps() throws {
        var random = SeededRandom(seed: 0x5EED_0004)
        let seeds = [GoldenFrames.poll, GoldenFrames.response, GoldenFrames.final, GoldenFrames.report, SecuredGoldenFrames.final, SecuredGoldenFrames.groupPoll]
        var decoded = 0
        for iteration in 0..<20_000 {
            var octets: [UInt8]
            if iteration.isMultiple(of: 4) {
                octets = (0..<Int.random(in: 0...60, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            } else {
                octets = seeds[Int.random(in: 0..<seeds.count, using: &random)]
                for _ in 0..<Int.random(in: 1...3, using: &random) where !octets.isEmpty {
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: octets[Int.random(in: 0..<octets.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                    case 1: octets.removeLast(Int.random(in: 0...min(4, octets.count), using: &random))
                    default: octets.append(UInt8.random(in: 0...255, using: &random))
                    }
                }
            }
            if let frame = try? RangingFrame(decoding: octets) {
                decoded += 1
                #expect(try RangingFrame(decoding: frame.encoded()) == frame)
            }
        }
        #expect(decoded > 1_000)
    }
}
