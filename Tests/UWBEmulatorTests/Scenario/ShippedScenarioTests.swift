import Foundation
import Testing
import UWBCore
import UWBTestSupport
import UWBEmulator

/// The example scenarios in `Docs/scenarios` load and say what `Docs/scenarios.md` says.
@Suite("Shipped example scenarios")
struct ShippedScenarioTests {
    @Test("every example loads, and every device of the traffic examples transmits")
    func everyExampleLoads() throws {
        let paths = try ScenarioFixtures.examplePaths()
        #expect(paths.count == 20)
        for path in paths {
            let scenario = try Scenario.load(from: path, boardSearchPaths: [ScenarioFixtures.boardsDirectory])
            #expect(!scenario.devices.isEmpty, "\(path)")
            // The rooms' and the PDoA benches' devices are driven by NearbyInteraction sessions, and
            // the UCI hall's by UCI hosts, not by scripted traffic.
            // The capture room's sniffer is free for `uwb capture`. The apartment's two devices are ranged
            // (`uwb range`, `uwb cir`), not scripted.
            // The positioning sites' devices are anchors and tags, every one of them.
            if ["warehouse", "office-dl-tdoa", "thousand-tags"].contains(where: { path.hasSuffix("/\($0).json") }) {
                #expect(scenario.devices.allSatisfy { $0.positioning != nil }, "\(path)")
                #expect(scenario.devices.contains { $0.positioning == .tag }, "\(path)")
                continue
            }
            // The phones' devices are phones of the accessory protocol and their accessories.
            if path.hasSuffix("/phone-and-accessory.json") {
                #expect(scenario.devices.compactMap(\.phone) == [
                    PhoneSpec(platform: .iPhone, accessory: "tag"), PhoneSpec(platform: .android, accessory: "tracker"),
                ])
                continue
            }
            guard !path.hasSuffix("-room.json"), !path.contains("/pdoa-"), !path.contains("/uci-"), !path.contains("/apartment-") else {
                if path.hasSuffix("capture-room.json") {
                    #expect(scenario.devices.filter { $0.transmit == nil }.map(\.name) == ["sniffer"])
                }
                continue
            }
            for device in scenario.devices {
                #expect(device.transmit != nil, "\(path): \(device.name)")
            }
        }
    }

    @Test("every file of Docs/scenarios is built in: linked from Sources/UWBEmulator/Scenario/Shipped and embedded by Package.swift")
    func everyFileIsBuiltIn() throws {
        let names = try ScenarioFixtures.examplePaths().map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }.sorted()
        #expect(Scenario.shippedNames == names, "add the new scenario to ShippedScenarios.files")
        let linked = Repository.path("Sources/UWBEmulator/Scenario/Shipped")
        let manifest = try String(contentsOfFile: Repository.path("Package.swift"), encoding: .utf8)
        for name in names {
            #expect(manifest.contains(".embedInCode(\"Scenario/Shipped/\(name).json\")"), "embed \(name).json in Package.swift")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "\(linked)/\(name).json") == "../../../../Docs/scenarios/\(name).json")
        }
    }

    @Test("a path that names no file loads the shipped scenario of its file name, with or without .json; the file wins where there is one")
    func shippedCopies() throws {
        for path in ["demo-room", "demo-room.json", "/nonexistent/Docs/scenarios/demo-room.json"] {
            let shipped = try Scenario.load(from: path)
            #expect(shipped == (try Scenario.load(from: Repository.path("Docs/scenarios/demo-room.json"))), "\(path)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let own = directory.appendingPathComponent("demo-room.json").path
        try Data(#"{ "name": "my own", "devices": [ { "name": "a", "board": "ft232h-dw1000-single", "position": [0, 0, 0] } ] }"#.utf8)
            .write(to: URL(fileURLWithPath: own))
        #expect(try Scenario.load(from: own).name == "my own")
        #expect(throws: ScenarioError.self) { try Scenario.load(from: "no-such-scenario") }
    }

    @Test("dense room: fourteen single-chip devices, none scripted, in one seeded CM3 room")
    func denseRoom() throws {
        let scenario = try ScenarioFixtures.example("dense-room")
        #expect(scenario.devices.count == 14)
        #expect(scenario.devices.allSatisfy { $0.transmit == nil && $0.board.chips.count == 1 })
        #expect(Set(scenario.devices.map(\.name)).count == 14)
    }

    @Test("demo room: a triple-chip phone at the origin, a single-chip tag looping in front of it, a dual-chip laptop")
    func demoRoom() throws {
        let scenario = try ScenarioFixtures.example("demo-room")
        #expect(scenario.devices.map(\.name) == ["phone", "tag", "laptop"])
        #expect(scenario.devices.map { $0.board.chips.count } == [3, 1, 2])
        #expect(scenario.devices.allSatisfy { $0.transmit == nil })
        let phone = scenario.devices[0], tag = scenario.devices[1]
        #expect(phone.position.metres == Vector3(x: 0, y: 1, z: 0))
        // In front of the phone (−z) and within ±60° of its back's axis: |x| ≤ 2 m at z ≤ −1.5 m
        // stays inside 53.2°.
        let path = try #require(tag.path)
        #expect(path.loops)
        for waypoint in path.waypoints {
            #expect(waypoint.position.metres.z <= -1.5 && abs(waypoint.position.metres.x) <= 2)
        }
    }

    @Test("two devices: single chips 3 m apart in free space, facing each other")
    func twoDevices() throws {
        let scenario = try ScenarioFixtures.example("two-devices-3m")
        #expect(scenario.channel.model == .freeSpace)
        #expect(scenario.devices.count == 2)
        let (a, b) = (scenario.devices[0], scenario.devices[1])
        #expect(a.board.chips.count == 1 && b.board.chips.count == 1)
        #expect(abs(a.position.distance(to: b.position).metres - 3) < 1e-12)
        // Yaw 0 looks along −z, towards B at z = −3; B's yaw of 180° looks back along +z.
        #expect(a.orientation.yaw.degrees == 0)
        #expect(b.orientation.yaw.degrees == 180)
        #expect(b.position.metres.z < a.position.metres.z)
    }

    @Test("walking around: a triple-chip anchor and a single-chip walker at 1.5 m/s, 2 to 4 m away")
    func walkingAround() throws {
        let scenario = try ScenarioFixtures.example("walking-around")
        let anchor = scenario.devices[0]
        let walker = scenario.devices[1]
        #expect(anchor.board.chips.count == 3)
        #expect(walker.board.chips.count == 1)
        let path = try #require(walker.path)
        #expect(path.loops)
        #expect(path.waypoints.allSatisfy { $0.speed == Speed(metresPerSecond: 1.5) })
        // The walker moves in straight lines; sample each segment (start → waypoints → start).
        let points = [walker.position] + path.waypoints.map(\.position)
        for (from, to) in zip(points, points.dropFirst()) {
            for step in 0...20 {
                let t = Double(step) / 20
                let point = Position(metres: from.metres + (to.metres - from.metres) * t)
                let distance = anchor.position.distance(to: point).metres
                #expect((2...4).contains(distance), "\(point)")
            }
        }
    }

    @Test("office wall: CM3 or CM4, devices 6 m apart, a 10–15 dB wall across their line of sight")
    func officeWall() throws {
        let scenario = try ScenarioFixtures.example("office-wall")
        #expect([.cm3, .cm4].contains(scenario.channel.model))
        let (a, b) = (scenario.devices[0], scenario.devices[1])
        #expect(abs(a.position.distance(to: b.position).metres - 6) < 1e-12)
        let wall = try #require(scenario.obstacles.first)
        guard case .loss(let loss) = wall.composition else {
            Issue.record("the office wall is given by its attenuation")
            return
        }
        #expect((10...15).contains(loss.decibels))
        #expect(wall.blocks(from: a.position, to: b.position))
    }

    @Test("hall: twenty uniquely named devices in 20 m × 20 m, CM3, every 100 ms, distinct offsets within ±20 ppm")
    func hall() throws {
        let scenario = try ScenarioFixtures.example("hall-twenty")
        #expect(scenario.channel.model == .cm3)
        #expect(scenario.devices.count == 20)
        #expect(Set(scenario.devices.map(\.name)).count == 20)
        #expect(Set(scenario.devices.map(\.clock.offset)).count == 20)
        for device in scenario.devices {
            #expect((0...20).contains(device.position.metres.x) && (0...20).contains(device.position.metres.z))
            #expect(abs(device.clock.offset.partsPerMillion) <= 20)
            #expect(device.transmit?.interval == .milliseconds(100))
        }
    }

    @Test("the complete example in Docs/scenarios.md decodes")
    func documentedExample() throws {
        let text = try String(
            contentsOf: Repository.root.appendingPathComponent("Docs/scenarios.md"), encoding: .utf8)
        let block = try #require(text.components(separatedBy: "```json\n").last?.components(separatedBy: "\n```").first)
        let scenario = try Scenario(jsonData: Data(block.utf8), boardSearchPaths: [ScenarioFixtures.boardsDirectory])
        #expect(scenario.devices.map(\.name) == ["alice", "bob"])
        #expect(scenario.devices[1].transmit?.payloadLength == TransmitScript.defaultPayloadLength)
    }
}
