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

    @Test("frame lengths on the air (with FCS) are 20, 20, 35, 39 and 20 octets; group frames grow with their responders")
    func lengths() throws {
        #expect(GoldenFrames.poll.count + 2 == RangingMessageType.poll.frameLength(withMIC: false))
        #expect(GoldenFrames.final.count + 2 == RangingMessageType.final.frameLength(withMIC: false))
        #expect(GoldenFrames.report.count + 2 == RangingMessageType.report.frameLength(withMIC: false))
        #expect(RangingMessageType.allCases.map { $0.frameLength(withMIC: false) } == [20, 20, 35, 39, 20, 27, 38])
        #expect(RangingMessageType.report.frameLength(withMIC: true) == 47)
    }

    @Test("a MIC sets flag bit 0 and follows the body")
    func messageIntegrityCode() throws {
        let mic = try MessageIntegrityCode(octets: [1, 2, 3, 4, 5, 6, 7, 8])
        let frame = GoldenFrames.frame(.poll, mic: mic)
        #expect(try frame.encoded() == GoldenFrames.pollWithMIC)
        #expect(try RangingFrame(decoding: GoldenFrames.pollWithMIC) == frame)
        #expect(throws: RangingFrameError.wrongMessageIntegrityCodeLength(3)) { try MessageIntegrityCode(octets: [1, 2, 3]) }
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
