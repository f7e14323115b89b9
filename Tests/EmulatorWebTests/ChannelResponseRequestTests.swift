@testable import EmulatorWeb
import Testing
import UWBCore
import UWBEmulator
import UWBEmulatorService

/// The page's `cir` request: the command read or refused, the `cir` message byte for byte, and the
/// round trip over a real WebSocket for a controller and an observer.
@Suite("Channel impulse response requests")
struct ChannelResponseRequestTests {
    static let settings = RoomWebSettings(stateInterval: .milliseconds(10))

    @Test("cir: read with its id, device and chip; it only reads")
    func command() throws {
        let command = try PageCommand(text: #"{"type":"cir","id":9,"device":1,"chip":2}"#)
        #expect(command.id == 9)
        #expect(command.action == .impulseResponse(device: 1, chip: 2))
        #expect(command.action.isReadOnly)
        #expect(try !PageCommand(text: #"{"type":"pause","id":1}"#).action.isReadOnly)
    }


    @Test("cir message: instant to the microsecond, tap spacing in ns, magnitudes to 0.1, first path to a thousandth, levels to 0.01 dB")
    func message() {
        #expect(StreamMessage.impulseResponse(id: 7, FakeRoom.testImpulseResponse(chip: 2)).text == """
            {"type":"cir","id":7,"device":0,"chip":2,"t":1.2,"sampleNanoseconds":1.001603,"firstTap":740,\
            "magnitudes":[12,11.5,13,12.3,180.6,2500,1200.1,300],"firstPath":744.25,"peak":745,\
            "threshold":151.23,"noise":10.13,"receivedLevelDBm":-80.12,"firstPathLevelDBm":-83.46,"accumulated":1000}
            """)
    }

    @Test("a controller's page gets a chip's CIR, and the room's refusals for a device without one or an unknown device",
          .timeLimit(.minutes(10)))
    func controller() throws {
        let room = try FakeRoom()
        let server = try RoomWebServer(room: room, scenario: "test-room", settings: Self.settings)
        defer { server.stop() }
        let page = try TestWebSocket(port: server.port)
        #expect(try page.receiveMessage()["role"] == .string("controller"))
        try page.send(#"{"type":"cir","id":1,"device":0,"chip":1}"#)
        let answer = try page.receiveAnswer()
        #expect(answer["type"] == .string("cir"))
        #expect(answer["id"] == .number(1))
        #expect(answer["chip"] == .number(1))
        #expect(answer["firstPath"] == .number(744.25))
        #expect(answer["magnitudes"] == .array([12, 11.5, 13, 12.3, 180.6, 2500, 1200.1, 300].map { .number($0) }))
        try page.send(#"{"type":"cir","id":2,"device":1,"chip":0}"#)
        #expect(try page.receiveAnswer() == [
            "type": .string("refused"), "id": .number(2),
            "message": .string("tag chip 0: no frame received yet; let the room run or move a device into range"),
        ])
        try page.send(#"{"type":"cir","id":3,"device":5,"chip":0}"#)
        #expect(try page.receiveAnswer() == [
            "type": .string("refused"), "id": .number(3),
            "message": .string("the room has no device 5; choose one of its devices 0 to 1 (phone, tag)"),
        ])
        try page.send(#"{"type":"cir","id":4,"device":1,"chip":1}"#)
        #expect(try page.receiveAnswer()["message"]
            == .string("tag's board ft232h-dw1000-single has no chip 1; it has one chip: choose chip 0"))
        #expect(room.performed.isEmpty)
    }

    @Test("an observer's page gets a CIR too (it only reads), while its commands are still refused", .timeLimit(.minutes(10)))
    func observer() throws {
        let room = try FakeRoom()
        let server = try RoomWebServer(room: room, scenario: "test-room", settings: Self.settings)
        defer { server.stop() }
        let page = try TestWebSocket(port: server.port, target: "/stream?observe")
        let plan = try page.receiveMessage()
        #expect(plan["role"] == .string("observer"))
        try page.send(#"{"type":"cir","id":1,"device":0,"chip":0}"#)
        let answer = try page.receiveAnswer()
        #expect(answer["type"] == .string("cir"), "\(answer)")
        #expect(answer["peak"] == .number(745))
        #expect(answer["receivedLevelDBm"] == .number(-80.12))
        try page.send(#"{"type":"pause","id":2}"#)
        #expect(try page.receiveAnswer() == ["type": .string("refused"), "id": .number(2), "message": try #require(plan["notice"])])
        #expect(room.performed.isEmpty)
    }
}
