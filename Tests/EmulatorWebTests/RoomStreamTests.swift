@testable import EmulatorWeb
import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBEmulatorService

/// The stream over a real WebSocket: the plan first, then states; commands performed and
/// answered; the control rules.
@Suite("Room stream")
struct RoomStreamTests {
    static let settings = RoomWebSettings(stateInterval: .milliseconds(10))

    @Test("a page gets the plan, then the state; a state is sent again only when the room changed")
    func planThenState() throws {
        let room = try FakeRoom()
        let server = try RoomWebServer(room: room, scenario: "test-room", settings: Self.settings)
        defer { server.stop() }
        let page = try TestWebSocket(port: server.port)
        let plan = try #require(try page.receive())
        #expect(plan.text == StreamMessage.plan(room.plan, scenario: "test-room", role: .controller, loadable: room.loadable).text)
        #expect(try #require(try page.receive()).text == StreamMessage.state(FakeRoom.testSnapshot()).text)
        room.update { $0.paused = true }
        // The next message is the changed state: unchanged ones in between were not sent.
        let changed = try page.receiveMessage()
        #expect(changed["paused"] == .bool(true))
        #expect(server.pageCount == 1)
    }

    @Test("a move is performed and answered done with its id and instant; a refusal of the world is passed on")
    func commands() throws {
        let room = try FakeRoom()
        let server = try RoomWebServer(room: room, scenario: "test-room", settings: Self.settings)
        defer { server.stop() }
        let page = try TestWebSocket(port: server.port)
        try page.send(#"{"type":"move","id":41,"device":"tag","position":[1,1,-1.5]}"#)
        #expect(try page.receiveAnswer() == ["type": .string("done"), "id": .number(41), "t": .number(1.234567)])
        #expect(room.performed == [.move(device: "tag", to: Position(metres: Vector3(x: 1, y: 1, z: -1.5)))])
        try page.send(#"{"type":"rotate","id":42,"device":"tga","yawDegrees":90}"#)
        #expect(try page.receiveAnswer() == [
            "type": .string("refused"), "id": .number(42),
            "message": .string(#"the room has no device "tga"; its devices are phone, tag"#),
        ])
        try page.send(#"{"type":"step","id":43,"seconds":0.5}"#)
        #expect(try page.receiveAnswer()["message"] == .string("step works only while the world is paused; pause it first"))
        #expect(room.performed.count == 1)
    }

    @Test("a command the world keeps waiting blocks no page: pings are answered and states keep coming meanwhile")
    func slowCommand() throws {
        let room = try FakeRoom(holdCommands: true)
        let server = try RoomWebServer(room: room, scenario: "test-room", settings: Self.settings)
        defer { server.stop() }
        let page = try TestWebSocket(port: server.port)
        let watcher = try TestWebSocket(port: server.port, target: "/stream?observe")
        _ = try watcher.receiveMessage()
        try page.send(#"{"type":"pause","id":1}"#)
        try page.send(opcode: TestWebSocket.ping, payload: [7])
        var frame = try page.receive()
        while let seen = frame, seen.opcode != TestWebSocket.pong {
            #expect(!seen.text.contains(#""type":"done""#), "answered before the world performed it")
            frame = try page.receive()
        }
        room.update { $0.speed = 3 }
        var state = try watcher.receiveMessage()
        while state["speed"] != .number(3) {
            state = try watcher.receiveMessage()
        }
        #expect(room.performed.isEmpty)
        room.commandGate.signal()
        #expect(try page.receiveAnswer() == ["type": .string("done"), "id": .number(1), "t": .number(1.234567)])
        #expect(room.performed == [.pause])
    }

    @Test("malformed JSON, an unknown type and a missing field are refused naming the problem; the page stays connected")
    func badMessages() throws {
        let room = try FakeRoom()
        let server = try RoomWebServer(room: room, scenario: "test-room", settings: Self.settings)
        defer { server.stop() }
        let page = try TestWebSocket(port: server.port)
        try page.send("{not json")
        let malformed = try page.receiveAnswer()
        #expect(malformed["id"] == .null)
        #expect(malformed["message"].map { "\($0)".contains("not valid JSON") } == true, "\(malformed)")
        try page.send(#"{"type":"fly","id":2}"#)
        #expect(try page.receiveAnswer() == [
            "type": .string("refused"), "id": .number(2),
            "message": .string(#"type: "fly" is not supported; use "move" or "rotate" or "pause" or "resume" or "step" or "speed" or "load" or "cir""#),
        ])
        try page.send(#"{"type":"move","id":3,"position":[0,1,0]}"#)
        #expect(try page.receiveAnswer()["message"] == .string("device: missing; this key is required"))
        try page.send(#"{"type":"pause","id":4}"#)
        #expect(try page.receiveAnswer()["type"] == .string("done"))
        #expect(room.performed == [.pause])
    }

    @Test("a page that asks to observe is an observer; its commands are refused with why")
    func observer() throws {
        let room = try FakeRoom()
        let server = try RoomWebServer(room: room, scenario: "test-room", settings: Self.settings)
        defer { server.stop() }
        let page = try TestWebSocket(port: server.port, target: "/stream?observe")
        let plan = try page.receiveMessage()
        #expect(plan["role"] == .string("observer"))
        let notice = try #require(plan["notice"])
        try page.send(#"{"type":"pause","id":1}"#)
        #expect(try page.receiveAnswer() == ["type": .string("refused"), "id": .number(1), "message": notice])
        #expect(room.performed.isEmpty)
    }

    @Test("one controller at a time: a second page observes, with a notice; once the first has gone the next page controls")
    func secondController() throws {
        let room = try FakeRoom()
        let server = try RoomWebServer(room: room, scenario: "test-room", settings: Self.settings)
        defer { server.stop() }
        let first = try TestWebSocket(port: server.port)
        #expect(try first.receiveMessage()["role"] == .string("controller"))
        let second = try TestWebSocket(port: server.port)
        let plan = try second.receiveMessage()
        #expect(plan["role"] == .string("observer"))
        #expect(plan["notice"] == .string(PageAccess.controlTaken))
        try second.send(#"{"type":"resume","id":9}"#)
        #expect(try second.receiveAnswer() == ["type": .string("refused"), "id": .number(9), "message": .string(PageAccess.controlTaken)])
        try first.send(opcode: TestWebSocket.close, payload: [0x03, 0xE8])
        #expect(try first.receiveUntilClosed().last?.closeCode == 1000)
        try waitUntil("the first page has left") { server.pageCount == 1 }
        let third = try TestWebSocket(port: server.port)
        #expect(try third.receiveMessage()["role"] == .string("controller"))
        #expect(room.performed.isEmpty)
    }

    @Test("beyond loopback only the token controls; a wrong token observes")
    func token() throws {
        let room = try FakeRoom()
        var settings = Self.settings
        settings.host = "0.0.0.0"
        let server = try RoomWebServer(room: room, scenario: "test-room", settings: settings)
        defer { server.stop() }
        #expect(server.token.count == 32 && server.token.allSatisfy(\.isHexDigit))
        let without = try TestWebSocket(port: server.port)
        let withoutPlan = try without.receiveMessage()
        #expect(withoutPlan["role"] == .string("observer"))
        #expect(withoutPlan["notice"].map { "\($0)".contains("token") } == true)
        let wrong = try TestWebSocket(port: server.port, target: "/stream?token=00112233445566778899aabbccddeeff")
        #expect(try wrong.receiveMessage()["role"] == .string("observer"))
        let right = try TestWebSocket(port: server.port, target: "/stream?token=\(server.token)")
        #expect(try right.receiveMessage()["role"] == .string("controller"))
        let fresh = try RoomWebServer(room: room, scenario: "test-room", settings: settings)
        defer { fresh.stop() }
        #expect(fresh.token != server.token)
    }

    @Test("without the token, a page of another site, or one naming the server otherwise than by loopback, observes")
    func otherSites() throws {
        let server = try RoomWebServer(room: try FakeRoom(), scenario: "test-room", settings: Self.settings)
        defer { server.stop() }
        let port = server.port
        for (hostHeader, origin) in [
            ("127.0.0.1:\(port)", "http://evil.example"), ("127.0.0.1.nip.io:\(port)", "http://127.0.0.1.nip.io:\(port)"),
            ("evil.example:\(port)", nil),
        ] as [(String, String?)] {
            let page = try TestWebSocket(port: port, hostHeader: hostHeader, origin: origin)
            let plan = try page.receiveMessage()
            #expect(plan["role"] == .string("observer"), "\(hostHeader) \(origin ?? "")")
        }
        for (hostHeader, origin) in [("localhost:\(port)", "http://localhost:\(port)"), ("[::1]:\(port)", nil)] as [(String, String?)] {
            let page = try TestWebSocket(port: port, hostHeader: hostHeader, origin: origin)
            #expect(try page.receiveMessage()["role"] == .string("controller"), "\(hostHeader)")
            page.socket.close()
            try waitUntil("the page has left") { server.pageCount == 0 }
        }
        let withToken = try TestWebSocket(port: port, target: "/stream?token=\(server.token)", hostHeader: "evil.example", origin: "http://evil.example")
        #expect(try withToken.receiveMessage()["role"] == .string("controller"))
    }

    @Test("ping is answered with pong carrying the same data")
    func ping() throws {
        let server = try RoomWebServer(room: try FakeRoom(), scenario: "test-room", settings: Self.settings)
        defer { server.stop() }
        let page = try TestWebSocket(port: server.port)
        try page.send(opcode: TestWebSocket.ping, payload: Array("hello".utf8))
        while let frame = try page.receive() {
            if frame.opcode == TestWebSocket.pong {
                #expect(frame.text == "hello")
                return
            }
        }
        Issue.record("no pong before the stream closed")
    }
}

/// Polls `condition` until it holds, failing after a generous 60 s (a dead server).
func waitUntil(_ what: String, _ condition: () -> Bool) throws {
    let deadline = ContinuousClock.now + .seconds(60)
    while !condition() {
        guard ContinuousClock.now < deadline else { throw TestClientError(description: "gave up waiting: \(what)") }
        Thread.sleep(forTimeInterval: 0.005)
    }
}
