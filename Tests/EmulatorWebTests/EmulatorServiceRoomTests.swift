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
    @Test("a page sees alice and bob, moves bob, and the state shows bob where it was put", .timeLimit(.minutes(10)))
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
        let (answer, states) = try page.receiveAnswerAndStates()
        #expect(answer["type"] == .string("done"))
        _ = try page.state(among: states) { state in
            guard case .array(let devices)? = state["devices"], case .object(let bob)? = devices.last else { return false }
            return bob["position"] == .array([.number(0.5), .number(1), .number(-2)])
        }
        try page.send(#"{"type":"move","id":2,"device":"bob","position":[0,1,-200]}"#)
        let refused = try page.receiveAnswer()
        #expect(refused["type"] == .string("refused"))
        #expect(refused["message"].map { "\($0)".contains("outside the room") } == true, "\(refused)")
    }

    @Test("a page loads a shipped scenario while an app is attached: the app is told and detached, the new plan arrives without the old devices",
          .timeLimit(.minutes(10)))
    func loadOnService() throws {
        let path = "/tmp/swift-uwb-test-\(UUID().uuidString.prefix(8)).sock"
        let loader = ScenarioLoader(names: ["facing-pair", "demo-room"]) { name throws(ScenarioLoadError) in
            do {
                let scenario = try Scenario.load(from: name)
                return ServedScenario(
                    emulation: try Emulation(scenario: scenario), free: ["phone"], title: scenario.name,
                    document: try ScenarioDocument(path: name))
            } catch {
                throw .cannotBuild(name, reason: "\(error)")
            }
        }
        let service = try EmulatorService(
            emulation: try FacingPair.emulation(seed: 3), free: ["alice", "bob"], socketPath: path, loader: loader)
        service.start()
        defer { service.stop() }
        let server = try RoomWebServer(room: service, scenario: "facing-pair", settings: RoomWebSettings(stateInterval: .milliseconds(10)))
        defer { server.stop() }
        let app = try UnixSocket.connect(to: path)
        try EmulatorWire.send(EmulatorRequest.hello(version: EmulatorWire.version, device: "bob").encoded, on: app)
        let deadline = ContinuousClock.now + .seconds(60)
        guard case .welcome = try EmulatorReply(decoding: EmulatorWire.receive(from: app, startingBy: deadline, finishingWithin: .seconds(60))) else {
            Issue.record("no WELCOME")
            return
        }
        let page = try TestWebSocket(port: server.port)
        #expect(try page.receiveMessage(ofType: "plan")["scenarios"] == .array([.string("facing-pair"), .string("demo-room")]))
        try page.send(#"{"type":"load","id":1,"scenario":"demo-room"}"#)
        let plan = try page.receiveMessage(ofType: "plan")
        #expect(plan["scenario"] == .string(try Scenario.load(from: "demo-room").name))
        guard case .array(let devices)? = plan["devices"] else {
            Issue.record("no devices in \(plan)")
            return
        }
        let drivers = devices.map { device -> [JSONValue?] in
            guard case .object(let members) = device else { return [] }
            return [members["name"], members["driven"]]
        }
        #expect(drivers == [[.string("phone"), .string("app")], [.string("tag"), .string("scenario")], [.string("laptop"), .string("scenario")]])
        #expect(try page.receiveAnswer() == ["type": .string("done"), "id": .number(1), "t": .number(0)])
        let told = try EmulatorReply(decoding: EmulatorWire.receive(from: app, startingBy: deadline, finishingWithin: .seconds(60)))
        #expect(told == .error("the room was replaced by scenario demo-room; attach again"))
        #expect(service.freeDevices == ["phone"])
    }
}
