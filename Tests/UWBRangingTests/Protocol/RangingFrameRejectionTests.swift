import Testing
import UWBCore
import UWBRanging

@Suite("Ranging frames: rejection")
struct RangingFrameRejectionTests {
    @Test("a payload cut anywhere is truncated")
    func truncated() {
        for length in GoldenFrames.macHeader.count..<GoldenFrames.report.count {
            let payloadLength = length - GoldenFrames.macHeader.count
            let needed = payloadLength < 9 ? 9 : 9 + 19
            #expect(throws: RangingFrameError.truncated(needed: needed, present: payloadLength)) {
                try RangingFrame(decoding: Array(GoldenFrames.report.prefix(length)))
            }
        }
    }

    @Test("a cut MAC header is a MAC frame error")
    func truncatedHeader() {
        #expect(throws: RangingFrameError.macFrame(.truncated(field: .sourceAddress, needed: 2, present: 1))) {
            try RangingFrame(decoding: Array(GoldenFrames.poll.prefix(8)))
        }
    }

    @Test("extra octets make it too long")
    func tooLong() {
        #expect(throws: RangingFrameError.tooLong(expected: 9, present: 10)) {
            try RangingFrame(decoding: GoldenFrames.poll + [0])
        }
    }

    @Test("another version, an unknown type and reserved flags are refused")
    func headerFields() {
        var octets = GoldenFrames.poll
        octets[9] = 1
        #expect(throws: RangingFrameError.unsupportedVersion(1)) { try RangingFrame(decoding: octets) }
        octets = GoldenFrames.poll
        octets[10] = 0x21
        #expect(throws: RangingFrameError.unknownMessageType(0x21)) { try RangingFrame(decoding: octets) }
        octets = GoldenFrames.poll
        octets[11] = 0x82
        #expect(throws: RangingFrameError.reservedFlags(0x82)) { try RangingFrame(decoding: octets) }
    }

    @Test("non-data frames and extended addresses are refused")
    func macShape() throws {
        let command = try MACFrame(frameType: .macCommand, sequenceNumber: 0, destination: nil,
                                   source: MACEndpoint(pan: GoldenFrames.pan, address: .short(1)), payload: [1])
        #expect(throws: RangingFrameError.notDataFrame(.macCommand)) {
            try RangingFrame(decoding: command.encoded(includingFCS: false))
        }
        let extended = MACFrame(dataIn: GoldenFrames.pan, from: .extended(1), to: .short(2), sequenceNumber: 0,
                                payload: GoldenFrames.payloadHeader(type: 0x61))
        #expect(throws: RangingFrameError.notShortAddressedWithinOnePAN) {
            try RangingFrame(decoding: extended.encoded(includingFCS: false))
        }
    }

    @Test("a link refuses another PAN, destination, source or session, in that order")
    func link() throws {
        let link = RangingLink(session: GoldenFrames.session, pan: GoldenFrames.pan, localAddress: 0x0002, peerAddress: 0x0001)
        #expect(try link.decode(GoldenFrames.poll) == GoldenFrames.frame(.poll))
        var frame = GoldenFrames.frame(.poll)
        frame.pan = PANIdentifier(rawValue: 0x1234)
        #expect(throws: RangingFrameError.wrongPAN(expected: GoldenFrames.pan, received: frame.pan)) {
            try link.decode(frame.encoded())
        }
        frame = GoldenFrames.frame(.poll)
        frame.destination = 0x0003
        #expect(throws: RangingFrameError.wrongDestination(expected: 2, received: 3)) { try link.decode(frame.encoded()) }
        frame = GoldenFrames.frame(.poll)
        frame.source = 0x0004
        #expect(throws: RangingFrameError.wrongSource(expected: 1, received: 4)) { try link.decode(frame.encoded()) }
        frame = GoldenFrames.frame(.poll)
        frame.session = SessionIdentifier(rawValue: 7)
        #expect(throws: RangingFrameError.wrongSession(expected: GoldenFrames.session, received: frame.session)) {
            try link.decode(frame.encoded())
        }
    }

    @Test("every error explains itself")
    func descriptions() {
        let errors: [RangingFrameError] = [
            .truncated(needed: 9, present: 3), .tooLong(expected: 9, present: 10), .unsupportedVersion(9),
            .unknownMessageType(0x21), .reservedFlags(2), .notShortAddressedWithinOnePAN,
        ]
        for error in errors {
            #expect(error.description.count > 30)
        }
    }
}
