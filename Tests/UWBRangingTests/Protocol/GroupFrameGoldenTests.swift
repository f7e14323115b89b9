import Testing
import UWBCore
import UWBRanging

/// Group frames written octet by octet from the byte layout of `Docs/ranging-protocol.md` and
/// ``RangingFrameFormat``: round 0x0102, from 0x0001 to the broadcast address 0xFFFF in PAN
/// 0xDECA, session field 0 (group messages belong to no single session).
enum GroupGoldenFrames {
    /// Frame control 0x8841, sequence 0x02 (low octet of the round), PAN 0xDECA, destination
    /// 0xFFFF, source 0x0001.
    static let macHeader: [UInt8] = [0x41, 0x88, 0x02, 0xCA, 0xDE, 0xFF, 0xFF, 0x01, 0x00]

    /// Version 2, type, flags, session 0, round 0x0102 LE.
    static func payloadHeader(type: UInt8, flags: UInt8 = 0) -> [UInt8] {
        [0x02, type, flags, 0x00, 0x00, 0x00, 0x00, 0x02, 0x01]
    }

    /// The two entries of ``poll``.
    static let entries = [
        GroupPollEntry(session: SessionIdentifier(rawValue: 0xDEAD_BEEF), responder: 0x0002),
        GroupPollEntry(session: SessionIdentifier(rawValue: 0x0102_0304), responder: 0xABCD),
    ]

    /// A group POLL naming ``entries``.
    static let poll = macHeader + payloadHeader(type: 0x66)
        + [0x02]                                      // two entries
        + [0xEF, 0xBE, 0xAD, 0xDE, 0x02, 0x00]        // slot 0: session 0xDEADBEEF, responder 0x0002
        + [0x04, 0x03, 0x02, 0x01, 0xCD, 0xAB]        // slot 1: session 0x01020304, responder 0xABCD

    /// The RESPONSE RX timestamps of ``final``: slot 1's RESPONSE did not arrive.
    static let responses: [DeviceTime?] = [time(0x80_0000_0000), nil, time(0x00_0000_0001)]

    /// A group FINAL of three slots whose middle RESPONSE is missing.
    static let final = macHeader + payloadHeader(type: 0x67)
        + [0x89, 0x67, 0x45, 0x23, 0x01]              // pollTransmitted 0x01_2345_6789
        + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF]              // finalTransmitted 0xFF_FFFF_FFFF
        + [0x03]                                      // three slots
        + [0x05, 0x00]                                // bitmap 0b101: slots 0 and 2
        + [0x00, 0x00, 0x00, 0x00, 0x80]              // slot 0: 0x80_0000_0000
        + [0x01, 0x00, 0x00, 0x00, 0x00]              // slot 2: 1

    static let finalMessage = RangingMessage.groupFinal(
        pollTransmitted: time(0x01_2345_6789), finalTransmitted: time(0xFF_FFFF_FFFF), responsesReceived: responses)

    /// A group frame with these fields and `message`.
    static func frame(_ message: RangingMessage) -> RangingFrame {
        RangingFrame(session: SessionIdentifier(rawValue: 0), round: 0x0102, source: 0x0001, destination: 0xFFFF,
                     pan: PANIdentifier(rawValue: 0xDECA), message: message)
    }

    static func time(_ ticks: UInt64) -> DeviceTime {
        DeviceTime(wrapping: ticks)
    }

    /// The group POLL payload (after the MAC header) with `count` in the count octet and `entries`
    /// six-octet entries of zeros.
    static func pollPayload(count: UInt8, entries: Int) -> [UInt8] {
        payloadHeader(type: 0x66) + [count] + Array(repeating: 0, count: 6 * entries)
    }

    /// The group FINAL payload with this count and bitmap and `stamps` five-octet stamps of zeros.
    static func finalPayload(count: UInt8, bitmap: UInt16, stamps: Int) -> [UInt8] {
        payloadHeader(type: 0x67) + Array(repeating: 0, count: 10) + [count, UInt8(bitmap & 0xFF), UInt8(bitmap >> 8)]
            + Array(repeating: 0, count: 5 * stamps)
    }
}

/// The group POLL and group FINAL of one-to-many rounds: their octets, lengths and rejections.
@Suite("Group frames: golden bytes, lengths and rejection")
struct GroupFrameGoldenTests {
    typealias G = GroupGoldenFrames

    // MARK: Golden octets

    @Test("a group POLL of two entries encodes to the octets of the byte layout and decodes back")
    func groupPoll() throws {
        let frame = G.frame(.groupPoll(entries: G.entries))
        #expect(try frame.encoded() == G.poll)
        #expect(try RangingFrame(decoding: G.poll) == frame)
        #expect(G.poll.count == 31)
    }

    @Test("a group FINAL of three slots without the middle RESPONSE encodes with bitmap 0b101 and decodes back")
    func groupFinal() throws {
        let frame = G.frame(G.finalMessage)
        #expect(try frame.encoded() == G.final)
        let decoded = try RangingFrame(decoding: G.final)
        #expect(decoded == frame)
        guard case .groupFinal(_, _, let responses) = decoded.message else {
            Issue.record("not a group FINAL: \(decoded.message)")
            return
        }
        #expect(responses == G.responses, "slot order kept, the missing slot nil")
    }

    @Test("group frames carry the broadcast destination, session 0 and the types 0x66 and 0x67")
    func constants() {
        #expect(RangingFrameFormat.broadcastAddress == 0xFFFF)
        #expect(RangingFrameFormat.groupSession == SessionIdentifier(rawValue: 0))
        #expect(RangingMessageType.groupPoll.rawValue == 0x66 && RangingMessageType.groupFinal.rawValue == 0x67)
        #expect(RangingMessage.groupPoll(entries: G.entries).type == .groupPoll)
        #expect(G.finalMessage.type == .groupFinal)
        #expect(RangingFrameFormat.maximumGroupSize == 9)
        #expect(RangingFrameFormat.groupEntryLength == 6 && RangingFrameFormat.groupBitmapLength == 2)
        #expect(RangingMessageType.groupPoll.description == "GROUP POLL" && RangingMessageType.groupFinal.description == "GROUP FINAL")
    }

    @Test("a group FINAL of nine slots, all answered, sets every bitmap bit and keeps the stamps in slot order")
    func fullGroupFinal() throws {
        let stamps = (0..<9).map { G.time(0x10_0000_0000 + UInt64($0) * 0x0101) }
        let frame = G.frame(.groupFinal(pollTransmitted: G.time(1), finalTransmitted: G.time(2), responsesReceived: stamps))
        let octets = try frame.encoded()
        #expect(octets.count + 2 == 38 + 8 * 5)
        // MAC header 9, payload header 9, two stamps 10: the count at 28, the bitmap at 29…30.
        #expect(octets[28] == 9 && octets[29] == 0xFF && octets[30] == 0x01)
        #expect(Array(octets[31..<36]) == [0x00, 0x00, 0x00, 0x00, 0x10])
        #expect(Array(octets[(31 + 8 * 5)...]) == [0x08, 0x08, 0x00, 0x00, 0x10])
        #expect(try RangingFrame(decoding: octets) == frame)
    }

    @Test("a group FINAL in which no RESPONSE arrived has bitmap 0 and no stamps")
    func emptyGroupFinal() throws {
        let frame = G.frame(.groupFinal(pollTransmitted: G.time(1), finalTransmitted: G.time(2), responsesReceived: [nil, nil]))
        let octets = try frame.encoded()
        #expect(octets == G.macHeader + G.payloadHeader(type: 0x67) + [1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0])
        #expect(try RangingFrame(decoding: octets) == frame)
    }

    // MARK: Lengths

    @Test("on the air a plain group POLL is 27 octets plus 6 per extra entry, a group FINAL 38 plus 5 per extra slot; secured, 6 more and 4 per entry")
    func lengths() {
        for responders in 1...RangingFrameFormat.maximumGroupSize {
            #expect(RangingMessageType.groupPoll.frameLength(secured: false, responders: responders) == 27 + 6 * (responders - 1))
            #expect(RangingMessageType.groupFinal.frameLength(secured: false, responders: responders) == 38 + 5 * (responders - 1))
            #expect(RangingMessageType.groupPoll.frameLength(secured: true, responders: responders) == 33 + 10 * responders - 6)
            #expect(RangingMessageType.groupFinal.frameLength(secured: true, responders: responders) == 44 + 9 * responders - 5)
            #expect(RangingMessageType.groupPoll.bodyLength(responders: responders) == 1 + 6 * responders)
            #expect(RangingMessageType.groupFinal.bodyLength(responders: responders) == 13 + 5 * responders)
        }
        #expect(G.poll.count + 2 == RangingMessageType.groupPoll.frameLength(secured: false, responders: 2))
        // The FINAL of 3 slots with one RESPONSE missing is one stamp shorter than the longest one.
        #expect(G.final.count + 2 == RangingMessageType.groupFinal.frameLength(secured: false, responders: 3) - 5)
        // The longest ranging frame, a full secured group FINAL, fits the 127-octet PHY frame; a
        // tenth responder would not.
        #expect(RangingMessageType.groupFinal.frameLength(secured: true, responders: 9) == 120)
        #expect(RangingMessageType.groupPoll.frameLength(secured: true, responders: 9) == 117)
        #expect(RangingMessageType.groupFinal.frameLength(secured: true, responders: 10) > 127)
        // The two-party messages ignore the responder count.
        #expect(RangingMessageType.report.frameLength(secured: false, responders: 9) == 39)
    }

    // MARK: Encoding refusals

    @Test("encoding a group message of no responders or of more than 9 throws groupSize")
    func encodingGroupSize() {
        let ten = (0..<10).map { GroupPollEntry(session: SessionIdentifier(rawValue: UInt32($0)), responder: UInt16($0)) }
        #expect(throws: RangingFrameError.groupSize(0)) { try G.frame(.groupPoll(entries: [])).encoded() }
        #expect(throws: RangingFrameError.groupSize(10)) { try G.frame(.groupPoll(entries: ten)).encoded() }
        #expect(throws: RangingFrameError.groupSize(0)) {
            try G.frame(.groupFinal(pollTransmitted: .zero, finalTransmitted: .zero, responsesReceived: [])).encoded()
        }
        #expect(throws: RangingFrameError.groupSize(10)) {
            try G.frame(.groupFinal(pollTransmitted: .zero, finalTransmitted: .zero,
                                    responsesReceived: Array(repeating: nil, count: 10))).encoded()
        }
        #expect(throws: Never.self) { try G.frame(.groupPoll(entries: Array(ten.prefix(9)))).encoded() }
    }

    // MARK: Decoding rejections

    @Test("a group POLL counting 0 or 10 entries is refused with groupSize")
    func pollCount() {
        #expect(throws: RangingFrameError.groupSize(0)) {
            try RangingFrame(decoding: G.macHeader + G.pollPayload(count: 0, entries: 0))
        }
        #expect(throws: RangingFrameError.groupSize(10)) {
            try RangingFrame(decoding: G.macHeader + G.pollPayload(count: 10, entries: 10))
        }
        #expect(throws: RangingFrameError.groupSize(255)) {
            try RangingFrame(decoding: G.macHeader + G.pollPayload(count: 255, entries: 2))
        }
        #expect(throws: Never.self) { try RangingFrame(decoding: G.macHeader + G.pollPayload(count: 9, entries: 9)) }
    }

    @Test("a group FINAL counting 0 or 10 slots is refused with groupSize")
    func finalCount() {
        #expect(throws: RangingFrameError.groupSize(0)) {
            try RangingFrame(decoding: G.macHeader + G.finalPayload(count: 0, bitmap: 0, stamps: 0))
        }
        #expect(throws: RangingFrameError.groupSize(10)) {
            try RangingFrame(decoding: G.macHeader + G.finalPayload(count: 10, bitmap: 0, stamps: 0))
        }
        #expect(throws: Never.self) { try RangingFrame(decoding: G.macHeader + G.finalPayload(count: 9, bitmap: 0x01FF, stamps: 9)) }
    }

    @Test("a group FINAL bitmap marking slots beyond its count is refused with the mask of those bits")
    func slotsOutOfRange() {
        var octets = G.final
        octets[29] = 0x0D  // slots 0, 2 and 3 of a three-slot FINAL
        #expect(throws: RangingFrameError.groupSlotsOutOfRange(0x0008)) { try RangingFrame(decoding: octets) }
        #expect(throws: RangingFrameError.groupSlotsOutOfRange(0x8000)) {
            try RangingFrame(decoding: G.macHeader + G.finalPayload(count: 3, bitmap: 0x8001, stamps: 2))
        }
        #expect(throws: RangingFrameError.groupSlotsOutOfRange(0xFFFE)) {
            try RangingFrame(decoding: G.macHeader + G.finalPayload(count: 1, bitmap: 0xFFFF, stamps: 16))
        }
    }

    @Test("a group POLL cut anywhere is truncated: first the header, then the count, then the entries")
    func truncatedPoll() {
        // Payload octets present → octets the decoder found it needs: the 9-octet header, the
        // count octet at payload offset 9, then 9 + 1 + 2 × 6 = 22.
        for length in G.macHeader.count..<G.poll.count {
            let present = length - G.macHeader.count
            let needed = present < 9 ? 9 : present == 9 ? 10 : 22
            #expect(throws: RangingFrameError.truncated(needed: needed, present: present), "\(present) payload octets") {
                try RangingFrame(decoding: Array(G.poll.prefix(length)))
            }
        }
    }

    @Test("a group FINAL cut anywhere is truncated: the header, the count, each bitmap octet, then the stamps")
    func truncatedFinal() {
        // Count at payload offset 19, bitmap at 20…21; two stamps make 9 + 10 + 3 + 10 = 32.
        for length in G.macHeader.count..<G.final.count {
            let present = length - G.macHeader.count
            let needed = switch present {
            case ..<9: 9
            case ..<20: 20
            case 20: 21
            case 21: 22
            default: 32
            }
            #expect(throws: RangingFrameError.truncated(needed: needed, present: present), "\(present) payload octets") {
                try RangingFrame(decoding: Array(G.final.prefix(length)))
            }
        }
    }

    @Test("extra octets after a group frame make it too long")
    func tooLong() {
        #expect(throws: RangingFrameError.tooLong(expected: 22, present: 23)) { try RangingFrame(decoding: G.poll + [0]) }
        #expect(throws: RangingFrameError.tooLong(expected: 32, present: 33)) { try RangingFrame(decoding: G.final + [0]) }
        // A FINAL whose bitmap says one stamp but that carries two.
        var octets = G.final
        octets[29] = 0x01
        #expect(throws: RangingFrameError.tooLong(expected: 27, present: 32)) { try RangingFrame(decoding: octets) }
    }

    @Test("the group errors explain themselves")
    func descriptions() {
        for error in [RangingFrameError.groupSize(17), .groupSlotsOutOfRange(0x8)] {
            #expect(error.description.count > 30)
        }
        #expect(RangingFrameError.groupSize(17).description.contains("17"))
        #expect(RangingFrameError.groupSlotsOutOfRange(0x8).description.contains("0x8"))
    }
}
