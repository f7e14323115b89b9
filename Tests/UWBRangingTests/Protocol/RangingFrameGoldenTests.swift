import Testing
import UWBCore
import UWBRanging

@Suite("Ranging frames: golden bytes")
struct RangingFrameGoldenTests {
    static let cases: [(String, RangingMessage, [UInt8])] = [
        ("POLL", .poll, GoldenFrames.poll),
        ("RESPONSE", .response, GoldenFrames.response),
        ("FINAL", GoldenFrames.finalMessage, GoldenFrames.final),
        ("REPORT", GoldenFrames.reportMessage(ReportedTimeOfFlight(rawValue: 0x180)), GoldenFrames.report),
        ("REPORT without result", GoldenFrames.reportMessage(nil), GoldenFrames.reportWithoutResult),
        ("GOODBYE", .goodbye, GoldenFrames.goodbye),
    ]

    @Test("each message encodes to the octets of the byte tables", arguments: cases)
    func encodes(name: String, message: RangingMessage, octets: [UInt8]) throws {
        #expect(try GoldenFrames.frame(message).encoded() == octets, "\(name)")
    }

    @Test("each message's octets decode to the message", arguments: cases)
    func decodes(name: String, message: RangingMessage, octets: [UInt8]) throws {
        #expect(try RangingFrame(decoding: octets) == GoldenFrames.frame(message), "\(name)")
    }

    @Test("plain frame lengths on the air (with FCS) are 20, 20, 35, 39 and 20 octets, secured ones 14 more; group frames grow with their responders")
    func lengths() throws {
        #expect(GoldenFrames.poll.count + 2 == RangingMessageType.poll.frameLength(secured: false))
        #expect(GoldenFrames.final.count + 2 == RangingMessageType.final.frameLength(secured: false))
        #expect(GoldenFrames.report.count + 2 == RangingMessageType.report.frameLength(secured: false))
        #expect(RangingMessageType.allCases.map { $0.frameLength(secured: false) } == [20, 20, 35, 39, 20, 27, 38])
        // Auxiliary security header (6) and MIC-64 (8); a group frame's MIC-32 per entry.
        #expect(RangingMessageType.allCases.map { $0.frameLength(secured: true) } == [34, 34, 49, 53, 34, 37, 48])
        #expect(throws: RangingFrameError.wrongMessageIntegrityCodeLength(3)) { try MessageIntegrityCode(octets: [1, 2, 3]) }
    }

    @Test("a payload flag (reserved since version 2, where bit 0 once flagged a payload MIC) is refused")
    func reservedFlag() {
        var octets = GoldenFrames.poll
        octets[11] = 0x01
        #expect(throws: RangingFrameError.reservedFlags(0x01)) { try RangingFrame(decoding: octets) }
    }

    @Test("the reported time of flight keeps 1/256 tick and reserves 0x7FFFFFFF")
    func reportedTimeOfFlight() {
        #expect(ReportedTimeOfFlight(ticks: 1.5)?.rawValue == 0x180)
        #expect(ReportedTimeOfFlight(ticks: -2)?.rawValue == -512)
        #expect(ReportedTimeOfFlight(ticks: 1.5)?.ticks == 1.5)
        #expect(ReportedTimeOfFlight(rawValue: Int32.max) == nil)
        #expect(ReportedTimeOfFlight(ticks: .nan) == nil)
        #expect(ReportedTimeOfFlight(ticks: 1e10) == nil)
    }
}
