@testable import EmulatorWeb
import Testing
import UWBCore
import UWBEmulator
import UWBEmulatorService
import UWBTestSupport

/// Pages that misbehave are closed with 1008 and logged; a page that does not read is dropped; the
/// server keeps serving the others and new ones. Limits are small here so the tests are quick.
@Suite("Robustness of the stream")
struct RobustnessTests {
    /// A server with small limits: 1 KiB frames, 5 frames per minute (so no machine is too slow to
    /// flood), 16 KiB of kernel buffer per page.
    static func server(room: FakeRoom, logs: LogCapture, unwritableLimit: Duration = .seconds(10)) throws -> RoomWebServer {
        try RoomWebServer(room: room, scenario: "test-room", settings: RoomWebSettings(
            stateInterval: .milliseconds(20), largestFrame: 1024, messagesPerWindow: 5, messageWindow: .seconds(60),
            unwritableLimit: unwritableLimit, sendBuffer: 16 * 1024), logger: logs.logger)
    }

    /// Connects a page, reads its plan, lets `misbehave` act, and returns the close frame the server ended with.
    static func closeCode(on server: RoomWebServer, _ misbehave: (TestWebSocket) throws -> Void) throws -> UInt16? {
        let page = try TestWebSocket(port: server.port)
        _ = try page.receiveMessage()
        try misbehave(page)
        return try page.receiveUntilClosed().last?.closeCode
    }

    /// A new page still gets its plan and can control the world.
    static func serverStillServes(_ server: RoomWebServer, _ room: FakeRoom) throws {
        try waitUntil("the closed page has left") { server.pageCount == 0 }
        let page = try TestWebSocket(port: server.port)
        #expect(try page.receiveMessage()["role"] == .string("controller"))
        try page.send(#"{"type":"pause","id":1}"#)
        #expect(try page.receiveAnswer()["type"] == .string("done"))
    }

    @Test("a binary frame closes the page with 1008 and a log line; the server serves a new page")
    func binaryFrame() throws {
        let room = try FakeRoom(), logs = LogCapture()
        let server = try Self.server(room: room, logs: logs)
        defer { server.stop() }
        #expect(try Self.closeCode(on: server) { try $0.send(opcode: TestWebSocket.binary, payload: [1, 2, 3]) } == 1008)
        #expect(logs.entries(at: .warning).map(\.message.description) == [
            "page closed: it sent a binary frame (the stream takes JSON text)",
        ])
        try Self.serverStillServes(server, room)
    }

    @Test("a frame over the limit closes the page with 1008, and so does a fragmented message over it")
    func oversizedFrame() throws {
        let room = try FakeRoom(), logs = LogCapture()
        let server = try Self.server(room: room, logs: logs)
        defer { server.stop() }
        #expect(try Self.closeCode(on: server) { try $0.send(String(repeating: " ", count: 2000)) } == 1008)
        #expect(try Self.closeCode(on: server) { page in
            try page.send(opcode: TestWebSocket.text, payload: Array(repeating: 0x20, count: 600), fin: false)
            try page.send(opcode: 0x0, payload: Array(repeating: 0x20, count: 600), fin: true)
        } == 1008)
        #expect(logs.entries(at: .warning).count == 2)
        try Self.serverStillServes(server, room)
    }

    @Test("a fragmented text message within the limit is one command")
    func fragmentedMessage() throws {
        let room = try FakeRoom(), logs = LogCapture()
        let server = try Self.server(room: room, logs: logs)
        defer { server.stop() }
        let page = try TestWebSocket(port: server.port)
        _ = try page.receiveMessage()
        try page.send(opcode: TestWebSocket.text, payload: Array(#"{"type":"pau"#.utf8), fin: false)
        try page.send(opcode: TestWebSocket.ping, payload: [])
        try page.send(opcode: 0x0, payload: Array(#"se","id":5}"#.utf8), fin: true)
        var pong = false, answer: String?
        while !pong || answer == nil, let frame = try page.receive() {
            if frame.opcode == TestWebSocket.pong {
                pong = true
            } else if !frame.text.hasPrefix(#"{"type":"state""#) {
                answer = frame.text
            }
        }
        #expect(pong)
        #expect(answer == #"{"type":"done","id":5,"t":1.234567}"#)
        #expect(room.performed == [.pause])
    }

    @Test("more frames than the window allows close the page with 1008 and a log line")
    func flood() throws {
        let room = try FakeRoom(), logs = LogCapture()
        let server = try Self.server(room: room, logs: logs)
        defer { server.stop() }
        #expect(try Self.closeCode(on: server) { page in
            for id in 1...6 {
                try page.send(#"{"type":"speed","id":\#(id),"speed":1}"#)
            }
        } == 1008)
        #expect(room.performed.count <= 5)
        #expect(logs.entries(at: .warning).map(\.message.description) == ["page closed: it sent more than 5 messages in 60.0 seconds"])
        try Self.serverStillServes(server, room)
    }

    @Test("a page that never reads is dropped once unwritable too long; another page keeps getting states")
    func pageThatDoesNotRead() throws {
        // 200 devices: each state is some 15 kB, so the silent page's small buffers fill within a few states.
        var snapshot = FakeRoom.testSnapshot()
        snapshot.devices = (0..<200).map { index in
            SnapshotDevice(
                name: "d\(index)", board: "b", position: Position(metres: Vector3(x: Double(index) / 7, y: 1, z: -Double(index) / 3)),
                isFree: true, app: AttachedApp(processID: Int32(index), name: "app"))
        }
        let room = try FakeRoom(snapshot: snapshot, running: true), logs = LogCapture()
        let server = try Self.server(room: room, logs: logs, unwritableLimit: .seconds(1))
        defer { server.stop() }
        let silent = try TestWebSocket(port: server.port, receiveBuffer: 4096)
        let reader = try TestWebSocket(port: server.port)
        try waitUntil("both pages connected") { server.pageCount == 2 }
        // The reader takes every frame as it comes, without parsing it, so it keeps up.
        var states = 0
        while server.pageCount == 2 {
            if try reader.receive()?.text.hasPrefix(#"{"type":"state""#) == true {
                states += 1
            }
        }
        #expect(states > 0)
        #expect(logs.entries(at: .warning).contains { $0.message.description.hasPrefix("page closed: it has not read what it was sent for") })
        // The reader carries on: its states keep coming, time moving on.
        let before = try reader.receiveMessage()["t"]
        var after = before
        while after == before {
            after = try reader.receiveMessage()["t"]
        }
        #expect(server.pageCount == 1)
        // The silent page finds its connection closed once it reads at last.
        _ = try silent.receiveUntilClosed()
    }
}
