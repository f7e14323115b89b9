import Testing
import UCI

/// Every golden case, both ways: the hand-written octets decode (through the reassembler) to
/// the value, and the value encodes to the octets.
@Suite struct GoldenTests {
    @Test(arguments: goldenCommands + goldenResponses + goldenNotifications + goldenData)
    func decodesAndEncodes(_ golden: Golden) throws {
        let raw = try #require(try reassembleOne(golden.octets))
        #expect(try UCIMessage(decoding: raw, version: golden.version) == golden.message)
        #expect(try golden.message.encoded(version: golden.version).encoded() == golden.octets)
    }
}
