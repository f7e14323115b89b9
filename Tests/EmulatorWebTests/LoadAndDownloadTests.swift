@testable import EmulatorWeb
import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBEmulatorService

/// A page loads another scenario over the stream (every page gets the new plan), and downloads the
/// run's files over HTTP.
@Suite("Loading and downloads")
struct LoadAndDownloadTests {
    @Test("the controller loads another scenario: every page gets its plan, the controller the answer; an observer may not")
    func load() throws {
        let room = try FakeRoom()
        let server = try RoomWebServer(room: room, scenario: "test-room", settings: RoomWebSettings(stateInterval: .milliseconds(10)))
        defer { server.stop() }
        let page = try TestWebSocket(port: server.port)
        let first = try page.receiveMessage(ofType: "plan")
        #expect(first["scenarios"] == .array([.string("test-room"), .string("other-room")]))
        #expect(first["loadNotice"] == .null)
        let watcher = try TestWebSocket(port: server.port, target: "/stream?observe")
        _ = try watcher.receiveMessage(ofType: "plan")
        try watcher.send(#"{"type":"load","id":1,"scenario":"other-room"}"#)
        #expect(try watcher.receiveAnswer()["type"] == .string("refused"))

        try page.send(#"{"type":"load","id":2,"scenario":"nowhere"}"#)
        #expect(try page.receiveAnswer()["message"] == .string(#"no scenario "nowhere" to load; the service may load test-room, other-room"#))
        try page.send(#"{"type":"load","id":3,"scenario":"other-room"}"#)
        for stream in [page, watcher] {
            let plan = try stream.receiveMessage(ofType: "plan")
            #expect(plan["scenario"] == .string("the other room"))
            guard case .array(let devices)? = plan["devices"], case .object(let beacon)? = devices.first else {
                Issue.record("no devices in \(plan)")
                continue
            }
            #expect(devices.count == 1)
            #expect(beacon["name"] == .string("beacon"))
        }
        let (answer, states) = try page.receiveAnswerAndStates()
        #expect(answer == ["type": .string("done"), "id": .number(3), "t": .number(0)])
        // The new room's first state (one from the old room may still arrive just after the plan).
        _ = try page.state(among: states) { state in
            guard case .array(let devices)? = state["devices"] else { return false }
            return devices.count == 1
        }
        // A page connecting later gets the new room's plan at once.
        let late = try TestWebSocket(port: server.port, target: "/stream?observe")
        #expect(try late.receiveMessage(ofType: "plan")["scenario"] == .string("the other room"))
    }

    @Test("a room that stands still, loaded again: its pages get the new plan and then its state, though the snapshot is the one already sent")
    func loadStandingStill() throws {
        let room = try FakeRoom()
        let server = try RoomWebServer(room: room, scenario: "test-room", settings: RoomWebSettings(stateInterval: .milliseconds(10)))
        defer { server.stop() }
        let page = try TestWebSocket(port: server.port)
        _ = try page.receiveMessage(ofType: "plan")
        let isOtherRoom = { (state: [String: JSONValue]) -> Bool in
            guard case .array(let devices)? = state["devices"] else { return false }
            return devices.count == 1
        }
        for id in 1...2 {
            try page.send(#"{"type":"load","id":\#(id),"scenario":"other-room"}"#)
            _ = try page.receiveMessage(ofType: "plan")
            let (answer, states) = try page.receiveAnswerAndStates()
            #expect(answer["type"] == .string("done"))
            // Before the fix the second load's room, the same snapshot as the first's, sent no state.
            _ = try page.state(among: states, where: isOtherRoom)
        }
    }

    @Test("the scenario and the moves download as attachments; a trace the run does not write is 404 saying so")
    func downloads() throws {
        let server = try RoomWebServer(room: try FakeRoom(), scenario: "test-room")
        defer { server.stop() }
        let scenario = try PageFilesTests.answer("GET", "/scenario.json", port: server.port)
        #expect(scenario.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(scenario)")
        let lowered = scenario.lowercased()
        #expect(lowered.contains("content-type: application/json\r\n"))
        #expect(lowered.contains("content-disposition: attachment; filename=\"test _room_.json\"\r\n"), "\(scenario)")
        #expect(scenario.hasSuffix("\r\n\r\n" + FakeRoom.scenarioText))
        let moves = try PageFilesTests.answer("GET", "/moves.jsonl", port: server.port)
        #expect(moves.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(moves)")
        #expect(moves.lowercased().contains("content-length: 0\r\n"))
        let trace = try PageFilesTests.answer("GET", "/trace.pcapng", port: server.port)
        #expect(trace.hasPrefix("HTTP/1.1 404 Not Found\r\n"), "\(trace)")
        #expect(trace.hasSuffix("\r\n\r\n/trace.pcapng: no trace here; start the service with --trace\n"))
    }

    @Test("a file name a header cannot hold as it is is made safe")
    func disposition() {
        #expect(PageDownload.disposition(of: "room \"1\"\\é\n.json") == #"attachment; filename="room _1____.json""#)
    }
}
