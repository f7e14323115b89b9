import Testing
import UWBCore
@testable import UWBRanging

@Suite("Secured ranging frames: golden octets, MICs, counters and every rejection")
struct SecuredFrameTests {
    typealias G = SecuredGoldenFrames

    @Test("a secured FINAL and REPORT encode to the independently computed octets and decode to their fields")
    func twoPartyGolden() throws {
        let initiator = G.link(.initiator, counter: 7)
        #expect(try initiator.encode(round: 0x0102, message: GoldenFrames.finalMessage) == G.final)
        #expect(initiator.protection?.nextFrameCounter == 8)
        let responder = G.link(.responder, counter: 0x100)
        let reportMessage = GoldenFrames.reportMessage(ReportedTimeOfFlight(rawValue: 0x180))
        #expect(try responder.encode(round: 0x0102, message: reportMessage) == G.report)

        let final = try RangingFrame(decoding: G.final)
        #expect(final.message == GoldenFrames.finalMessage)
        let protection = try #require(final.protection)
        #expect(protection.frameCounter == 7 && protection.keyIndex == 1)
        #expect(protection.codes.map(\.octets) == [Array(G.final.suffix(8))])
        // The MAC layer sees a standard 2006 secured data frame.
        let mac = try MACFrame(decoding: G.final, fcs: .absent)
        #expect(mac.security?.header == AuxiliarySecurityHeader(securityLevel: .mic64, frameCounter: 7, keyIdentifier: .index(1)))
    }

    @Test("a secured group POLL carries one MIC-32 per entry, each under its own session's key, each covering the octets before it")
    func groupGolden() throws {
        let first = G.link(.initiator, counter: 9)
        let second = G.link(.initiator, counter: 3, keys: G.secondKeys)
        let frame = GroupGoldenFrames.frame(.groupPoll(entries: GroupGoldenFrames.entries))
        let octets = try frame.sealed(by: [try #require(first.protection), try #require(second.protection)])
        #expect(octets == G.groupPoll)
        // The first multiple of four at or above the higher of the two next counters (9), so new
        // for both keys; both go on from it.
        #expect(first.protection?.nextFrameCounter == 13 && second.protection?.nextFrameCounter == 13)
        let decoded = try RangingFrame(decoding: octets)
        #expect(decoded.protection?.codes.count == 2)
        // Each responder checks its own slot's code with its own key; not the other's.
        let firstResponder = G.link(.responder)
        let secondResponder = G.link(.responder, keys: G.secondKeys)
        #expect(throws: Never.self) { try firstResponder.authenticate(decoded, octets: octets, slot: 0) }
        #expect(throws: Never.self) { try secondResponder.authenticate(decoded, octets: octets, slot: 1) }
        #expect(throws: RangingFrameError.rejected(.badMessageIntegrityCode)) {
            try G.link(.responder, keys: G.secondKeys).authenticate(decoded, octets: octets, slot: 0)
        }
    }

    @Test("the peer's frame is accepted once; the same frame again is a replay, dropped and counted")
    func replay() throws {
        let responder = G.link(.responder)
        let frame = try responder.decode(G.final)
        #expect(frame.message == GoldenFrames.finalMessage)
        #expect(throws: RangingFrameError.rejected(.replayed)) { try responder.decode(G.final) }
        // Another chip's reception of the frame just accepted passes without advancing.
        #expect(throws: Never.self) { try responder.decode(G.final, advancing: false) }
        #expect(responder.protection?.rejections == [.replayed: 1])
        // A later counter passes again.
        let initiator = G.link(.initiator, counter: 8)
        #expect(throws: Never.self) { try responder.decode(try initiator.encode(round: 3, message: .poll)) }
    }

    @Test("a frame with any octet changed fails its MIC (or no longer parses), and never passes", arguments: 0..<SecuredGoldenFrames.final.count)
    func tampered(index: Int) throws {
        var octets = G.final
        octets[index] ^= 0x10
        let responder = G.link(.responder)
        #expect(throws: (any Error).self) { try responder.decode(octets) }
        let counted = responder.protection?.rejections ?? [:]
        #expect(counted.values.reduce(0, +) <= 1)
    }

    @Test("forged timestamps under a guessed MIC are dropped as a bad MIC; the real frame still passes after")
    func forgedTimestamps() throws {
        let forged = RangingFrame(
            session: GoldenFrames.session, round: 0x0102, source: 1, destination: 2, pan: GoldenFrames.pan,
            message: .final(pollTransmitted: GoldenFrames.time(0), responseReceived: GoldenFrames.time(0x7F),
                            finalTransmitted: GoldenFrames.time(0x100)),
            protection: FrameProtection(frameCounter: 1_000, keyIndex: 1, codes: [try MessageIntegrityCode(octets: [1, 2, 3, 4, 5, 6, 7, 8])]))
        let responder = G.link(.responder)
        #expect(throws: RangingFrameError.rejected(.badMessageIntegrityCode)) { try responder.decode(try forged.encoded()) }
        #expect(throws: Never.self) { try responder.decode(G.final) }
        #expect(responder.protection?.rejections == [.badMessageIntegrityCode: 1])
    }

    @Test("a plain frame on a secured link, a secured one on a plain link, a wrong key index and a wrong peer are each dropped")
    func otherRejections() throws {
        let responder = G.link(.responder)
        #expect(throws: RangingFrameError.rejected(.unsecured)) { try responder.decode(GoldenFrames.final) }
        let plain = RangingLink(session: GoldenFrames.session, pan: GoldenFrames.pan, localAddress: 2, peerAddress: 1)
        #expect(throws: RangingFrameError.rejected(.unsecured)) { try plain.decode(G.final) }
        // The responder's own REPORT reflected back at it carries key index 2, its own.
        var reflected = try RangingFrame(decoding: G.report)
        (reflected.source, reflected.destination) = (1, 2)
        #expect(throws: RangingFrameError.rejected(.wrongKey)) {
            try responder.decode(try reflected.encoded())
        }
        var stranger = try RangingFrame(decoding: G.final)
        stranger.source = 0x0BAD
        #expect(throws: RangingFrameError.wrongSource(expected: 1, received: 0x0BAD)) { try responder.decode(try stranger.encoded()) }
        #expect(responder.protection?.rejections == [.unsecured: 1, .wrongKey: 1, .wrongPeer: 1])
    }

    @Test("counters end at 0xFFFFFFFE and the last round's POLL at 0xFFFFFFF8: the sender refuses to go on, and a receiver never accepts 0xFFFFFFFF")
    func counterWrap() throws {
        // A POLL takes a round's four counters from a multiple of four: 0xFFFFFFF8 is the last.
        let lastRound = G.link(.initiator, counter: 0xFFFF_FFF5)
        let lastPoll = try RangingFrame(decoding: try lastRound.encode(round: 1, message: .poll))
        #expect(lastPoll.protection?.frameCounter == 0xFFFF_FFF8)
        #expect(throws: RangingFrameError.frameCountersExhausted) { try lastRound.encode(round: 2, message: .poll) }
        let initiator = G.link(.initiator, counter: UInt32.max - 1)
        let last = try initiator.encode(round: 1, message: GoldenFrames.finalMessage)
        #expect(throws: RangingFrameError.frameCountersExhausted) { try initiator.encode(round: 2, message: GoldenFrames.finalMessage) }
        let responder = G.link(.responder)
        #expect(throws: Never.self) { try responder.decode(last) }
        // A frame at 0xFFFFFFFF with a valid MIC (which no sender of this code makes) is refused.
        let protection = try #require(G.link(.initiator).protection)
        var frame = GoldenFrames.frame(.poll)
        frame.protection = FrameProtection(frameCounter: UInt32.max, keyIndex: 1, codes: [.placeholder(.mic64)])
        var octets = try frame.encoded()
        let code = try protection.code(over: octets.dropLast(8), frameCounter: UInt32.max, level: .mic64)
        octets.replaceSubrange((octets.count - 8)..., with: code)
        #expect(throws: RangingFrameError.rejected(.replayed)) { try G.link(.responder).decode(octets) }
    }

    @Test("secured frames with a security level or key identifier mode ranging does not use, or a MIC cut short, are malformed")
    func malformedSecurity() throws {
        var level3 = G.final
        level3[9] = 0x0B
        #expect(throws: RangingFrameError.unsupportedSecurity(level: .mic128, keyIdentifierMode: 1)) { try RangingFrame(decoding: level3) }
        var mode0 = G.final
        mode0[9] = 0x02
        #expect(throws: RangingFrameError.self) { try RangingFrame(decoding: mode0) }
        #expect(throws: RangingFrameError.self) { try RangingFrame(decoding: Array(G.final.dropLast(3))) }
        #expect(throws: RangingFrameError.self) { try RangingFrame(decoding: G.final + [0x00]) }
    }
}
