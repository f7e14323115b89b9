import Foundation
@testable import NearbyInteraction
import Testing
import UWBCore

/// A DW3000 radio holds one STS configuration at a time, and every STS session has its own key: a device
/// ranging with one STS peer cannot run a session with a second one, nor one without an STS (a DW1000
/// peer) beside it. As on a phone whose radio runs no more sessions, the second session is invalidated
/// with `activeSessionsLimitExceeded` (an app that handles it ends a session it no longer needs), not
/// `invalidConfiguration`, which would send it looking for a damaged token; the first keeps ranging.
@Suite("Sessions: one STS peer per DW3000 radio")
struct SecureTimestampSessionLimitTests {
    @Test("a second session of a DWM3000 with another STS peer, or with a DW1000 peer, is invalidated with activeSessionsLimitExceeded while the first ranges on",
          arguments: ["ft232h-dwm3000-single", "ft232h-dw1000-single"])
    func secondPeer(carolBoard: String) throws {
        let trio = try SecureTimestampSessionTests.Trio(bobBoard: "ft232h-dwm3000-single", carolBoard: carolBoard, ranging: .seconds(1))
        let (world, aliceLog, bobLog) = (trio.world, trio.aliceLog, trio.bobLog)
        let aliceWithCarolLog = SessionRecorder(name: "alice-carol"), carolLog = SessionRecorder(name: "carol")
        let aliceWithCarol = try world.session(on: "alice", recorder: aliceWithCarolLog)
        let carol = try world.session(on: "carol", recorder: carolLog)
        try SessionWorld.pair(aliceWithCarol, carol)
        world.advance(by: .seconds(2))
        #expect(aliceWithCarolLog.calls == [.invalidated(.activeSessionsLimitExceeded)])
        let detail = try #require(aliceWithCarolLog.errors.first?.detail)
        #expect(detail.contains("the radio holds one STS configuration at a time; end that session first"), "\(detail)")
        #expect(aliceLog.errors.isEmpty && bobLog.errors.isEmpty, "\(aliceLog.errors) \(bobLog.errors)")
        #expect(aliceLog.distances.count >= 25, "the first session ranges on: \(aliceLog.distances.count)")
        #expect(aliceLog.distances.suffix(10).allSatisfy { abs(Double($0) - 4) < 0.15 }, "\(aliceLog.distances.suffix(10))")
        withExtendedLifetime((trio, carol, aliceWithCarol)) {}
    }
}
