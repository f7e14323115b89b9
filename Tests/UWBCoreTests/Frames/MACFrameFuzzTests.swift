import Testing
import UWBCore

/// Decodes thousands of pseudo-random byte arrays (fixed seed, so every run is the same) and checks
/// that nothing traps, that every failure is a typed error with a message, and that every frame that
/// decodes re-encodes to exactly the octets it came from.
@Suite("MAC frame decoding on random input")
struct MACFrameFuzzTests {
    static let iterations = 5000
    static let maximumLength = 140

    @Test("random bytes either decode and re-encode identically, or throw")
    func randomInput() throws {
        var random = SeededRandom(seed: 0x5EED_0802_154D_1000)
        var decodedCount = 0
        for _ in 0..<Self.iterations {
            var bytes = (0..<Int.random(in: 0..<(Self.maximumLength + 1), using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            if Int.random(in: 0..<2, using: &random) == 0 {
                Self.makeFrameControlPlausible(&bytes)
            }
            let phrMode: PHRMode = Int.random(in: 0..<4, using: &random) == 0 ? .extended : .standard
            let handling = [FCSHandling.verify, .ignore, .absent][Int.random(in: 0..<3, using: &random)]
            if handling == .verify, Int.random(in: 0..<4, using: &random) != 0 {
                Self.appendFrameCheckSequence(to: &bytes)
            }

            let frame: MACFrame
            do {
                frame = try MACFrame(decoding: bytes, phrMode: phrMode, fcs: handling)
            } catch {
                #expect(!error.description.isEmpty)
                continue
            }
            decodedCount += 1
            let octetsWithoutFCS = handling == .absent ? bytes : Array(bytes.dropLast(2))
            #expect(try frame.encoded(phrMode: phrMode, includingFCS: false) == octetsWithoutFCS, "input \(bytes)")
            if handling == .verify {
                #expect(try frame.encoded(phrMode: phrMode) == bytes, "input \(bytes)")
            }
        }
        // Make sure the success path was exercised, not only the rejections.
        #expect(decodedCount > Self.iterations / 20)
    }

    /// Clears the security, reserved and version-2/3 bits and picks a defined frame type, so that
    /// many inputs get past the frame control field.
    private static func makeFrameControlPlausible(_ bytes: inout [UInt8]) {
        guard bytes.count >= 2 else { return }
        bytes[0] &= ~0b1000_1100
        bytes[1] &= ~0b0010_0011
    }

    /// Appends the FCS low octet first; the FCS itself is tested against outside vectors elsewhere.
    private static func appendFrameCheckSequence(to bytes: inout [UInt8]) {
        let fcs = FrameCheckSequence.compute(bytes)
        bytes += [UInt8(truncatingIfNeeded: fcs), UInt8(truncatingIfNeeded: fcs >> 8)]
    }
}
