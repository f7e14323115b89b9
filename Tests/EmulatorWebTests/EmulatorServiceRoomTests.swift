import EmulatorWeb
import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBEmulatorService
import UWBTestSupport

/// The server on a real emulator service: its plan, its state, and a move the world makes.
@Suite("Room stream on the emulator service", .serialized)
struct EmulatorServiceRoomTests {
    @Test("a page sees alice and bob, moves bob, and the state shows bob where it was put", .timeLimit(.minutes(1)))
    func moveOnService() throws {
        let emulation = try FacingPair.emulation(seed: 3)
        let path = "/tmp/swift-uwb-test-\(UUID().uuidString.prefix(8)).sock"
        let service = try EmulatorService(emulation: emulation, free: ["alice", "bob"], socketPath: path)
        service.start()
        defer { service.stop() }
        let server = try RoomWebServer(room: service, scenario: "facing-pair", settings: RoomWebSettings(stateInterval: .milliseconds(10)))
        defer { server.stop() }
        let page = try TestWebSocket(port: server.port)
        let plan = try page.receiveMessage()
        #expect(plan["role"] == .string("controller"))
        guard case .array(let devices)? = plan["devices"] else {
            Issue.record("no devices in \(plan)")
            return
        }
        let names = devices.map { device -> JSONValue? in
            guard case .object(let members) = device else { return nil }
            return members["name"]
        }
        #expect(names == [.string("alice"), .string("bob")])
        let first = try page.receiveMessage()
        #expect(first["type"] == .string("state"))
        try page.send(#"{"type":"move","id":1,"device":"bob","position":[0.5,1,-2]}"#)
        #expect(try page.receiveAnswer()["type"] == .string("done"))
        while true {
            let state = try page.receiveMessage()
            guard case .array(let states)? = state["devices"], case .object(let bob)? = states.last else { continue }
            if bob["position"] == .array([.number(0.5), .number(1), .number(-2)]) {
                break
            }
        }
        try page.send(#"{"type":"move","id":2,"device":"bob","position":[0,1,-200]}"#)
        let refused = try page.receiveAnswer()
        #expect(refused["type"] == .string("refused"))
        #expect(refused["message"].map { "\($0)".contains("outside the room") } == true, "\(refused)")
    }
}
