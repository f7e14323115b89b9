import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBEmulatorService
import UWBTestSupport

/// Loading another scenario in place of the service's room (the page's "load"): apps are told and
/// detached, the new room starts at 0 with its own devices and no moves; refused when the run
/// writes files of one scenario, or for a name it may not load.
@Suite("Loading another scenario", .serialized)
struct ScenarioLoadTests {
    /// Builds the shipped scenario `name` as a plain room (its devices without a script free).
    static let loader = ScenarioLoader(names: ["facing-pair", "demo-room"]) { name throws(ScenarioLoadError) in
        do {
            let scenario = try Scenario.load(from: name)
            return ServedScenario(
                emulation: try Emulation(scenario: scenario), free: scenario.devices.filter { $0.transmit == nil }.map(\.name),
                title: scenario.name, document: try ScenarioDocument(path: name))
        } catch {
            throw .cannotBuild(name, reason: "\(error)")
        }
    }

    static func service(
        recordingMovesTo: String? = nil, tracePath: String? = nil, loader: ScenarioLoader? = ScenarioLoadTests.loader
    ) throws -> EmulatorService {
        let path = "/tmp/swift-uwb-test-\(UUID().uuidString.prefix(8)).sock"
        return try EmulatorService(
            emulation: try FacingPair.emulation(seed: 3), free: ["alice", "bob"], socketPath: path,
            settings: EmulatorServiceSettings(speed: 0), recordingMovesTo: recordingMovesTo, tracePath: tracePath, loader: loader)
    }

    @Test("an attached app is told the room was replaced and detached; the new room has its own devices, no moves, and starts at 0",
          .timeLimit(.minutes(10)))
    func loadWithAppAttached() throws {
        let service = try Self.service()
        service.start()
        defer { service.stop() }
        #expect(service.loadable == LoadableScenarios(names: ["facing-pair", "demo-room"], refusal: nil))
        let app = try RawServiceClient.attached(to: "alice", at: service.socketPath)
        _ = try service.perform(.move(device: "bob", to: Position(metres: Vector3(x: 0.2, y: 1, z: -2))))
        #expect(try !service.file(.moves).bytes.isEmpty)

        let title = try service.load("demo-room")
        #expect(title == (try Scenario.load(from: "demo-room")).name)
        app.expectError(containing: "the room was replaced by scenario demo-room; attach again")
        #expect(service.plan.devices.map(\.name) == ["phone", "tag", "laptop"])
        #expect(service.freeDevices == ["phone", "tag", "laptop"])
        #expect(service.snapshot().devices.map(\.name) == ["phone", "tag", "laptop"])
        #expect(service.now == .zero)
        #expect(try service.file(.moves).bytes.isEmpty)
        #expect(try service.file(.scenario).fileName == "demo-room.json")

        let late = try RawServiceClient(path: service.socketPath)
        try late.send(.hello(version: EmulatorWire.version, device: "alice"))
        late.expectError(containing: "no free device \"alice\"; free devices: phone, tag, laptop")
        _ = try RawServiceClient.attached(to: "phone", at: service.socketPath)
    }

    @Test("a name it may not load is refused with the names it may; the room stays")
    func unknownName() throws {
        let service = try Self.service()
        defer { service.stop() }
        #expect(throws: ScenarioLoadError.unknown("warehous", allowed: ["facing-pair", "demo-room"])) {
            try service.load("warehous")
        }
        #expect(service.plan.devices.map(\.name) == ["alice", "bob"])
        #expect(ScenarioLoadError.unknown("warehous", allowed: ["a", "b"]).description == "no scenario \"warehous\" to load; the service may load a, b")
    }

    @Test("with a trace, a log of moves or no loader it loads nothing, saying why")
    func refusedForTheRunsFiles() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("swift-uwb-load-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        for (service, reason) in [
            (try Self.service(tracePath: file), "writes its trace to \(file)"),
            (try Self.service(recordingMovesTo: file), "records its moves to \(file)"),
            (try Self.service(loader: nil), "started without scenarios to load"),
        ] {
            defer { service.stop() }
            #expect(service.loadable.names.isEmpty)
            #expect(service.loadable.refusal?.contains(reason) == true, "\(service.loadable)")
            #expect {
                _ = try service.load("demo-room")
            } throws: { error in
                guard case ScenarioLoadError.notAllowed(let text) = error else { return false }
                return text.contains(reason)
            }
            #expect(service.plan.devices.map(\.name) == ["alice", "bob"])
        }
    }
}
