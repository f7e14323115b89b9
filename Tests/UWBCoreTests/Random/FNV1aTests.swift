import Testing
import UWBCore

@Suite("FNV1a: the published 64-bit FNV-1a values, built whole or in parts")
struct FNV1aTests {
    @Test("matches the FNV-1a 64-bit test vectors", arguments: [
        // The test vectors of the FNV specification (Fowler, Noll, Vo and Eastlake, IETF
        // draft-eastlake-fnv, and test_fnv.c's fnv1a_64_vector): the empty string, "a" and "foobar".
        ("", UInt64(0xCBF2_9CE4_8422_2325)),
        ("a", UInt64(0xAF63_DC4C_8601_EC8C)),
        ("foobar", UInt64(0x8594_4171_F739_67E8)),
    ])
    func vectors(text: String, expected: UInt64) {
        #expect(FNV1a.Hash64(text).value == expected)
    }

    @Test("a hash built text by text equals the hash of the texts put together")
    func inParts() {
        var built = FNV1a.Hash64("link tag-0042 -> ")
        built.add("anchor-ü7")
        #expect(built.value == FNV1a.Hash64("link tag-0042 -> anchor-ü7").value)
        #expect(built.value != FNV1a.Hash64("link tag-0042 -> anchor-ü8").value)
    }

    @Test("splitting with a label's hash is splitting with the label")
    func splitByHash() {
        var byText = SeededRandom(seed: 99)
        var byHash = SeededRandom(seed: 99)
        var first = byText.split(label: "link a -> b")
        var second = byHash.split(label: FNV1a.Hash64("link a -> b"))
        for _ in 0..<8 {
            #expect(first.next() == second.next())
        }
        #expect(byText.next() == byHash.next())
    }
}
