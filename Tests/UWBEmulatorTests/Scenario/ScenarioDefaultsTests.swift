import DW1000Driver
import Foundation
import Testing
import UWBCore
import UWBTestSupport
import UWBEmulator

/// What a scenario gets for every optional key it leaves out, and what the complete fixture
/// decodes to.
@Suite("Scenario defaults")
struct ScenarioDefaultsTests {
    func decode(_ document: Any) throws -> Scenario {
        try Scenario(jsonData: ScenarioFixtures.data(document), boardSearchPaths: [ScenarioFixtures.boardsDirectory])
    }

    @Test("a minimal scenario gets every default")
    func minimal() throws {
        let scenario = try decode(ScenarioFixtures.minimal)
        #expect(scenario.name == "minimal")
        #expect(scenario.seed == 1)
        #expect(scenario.duration == .seconds(10))
        #expect(scenario.radio == .ranging)
        #expect(scenario.channel == ScenarioChannel(model: .freeSpace))
        #expect(scenario.obstacles.isEmpty)
        let device = try #require(scenario.devices.first)
        #expect(device.name == "solo")
        #expect(device.board.id == "ft232h-dw1000-single")
        #expect(device.position == .origin)
        #expect(device.orientation == .identity)
        #expect(device.path == nil)
        #expect(device.clock == ClockSpec(offset: .zero, driftPPMPerSqrtSecond: 0))
        // The board's calibration: 16436 ticks each way (Hardware/boards/ft232h-dw1000-single.json).
        #expect(device.antennaDelays == [try AntennaDelays(transmit: DeviceDuration(ticks: 16436), receive: DeviceDuration(ticks: 16436))])
        #expect(device.phaseOffsets == nil)
        #expect(device.transmitPower == nil)
        #expect(device.transmit == nil)
    }

    @Test("explicit nulls mean the default")
    func nulls() throws {
        var document = ScenarioFixtures.minimal
        document["seed"] = NSNull()
        document["radio"] = NSNull()
        let scenario = try decode(document)
        #expect(scenario.seed == 1)
        #expect(scenario.radio == .ranging)
    }

    @Test("partial objects default their other keys")
    func partialObjects() throws {
        var document = ScenarioFixtures.minimal
        document["radio"] = ["dataRateKbps": 850, "preambleLength": 1024]
        document = JSONEditing.replacing(
            [.key("devices"), .index(0), .key("transmit")], with: ["intervalSeconds": 0.5], in: document) as? [String: Any] ?? [:]
        document = JSONEditing.replacing(
            [.key("devices"), .index(0), .key("orientation")], with: ["yawDegrees": 90], in: document) as? [String: Any] ?? [:]
        document = JSONEditing.replacing(
            [.key("devices"), .index(0), .key("clock")], with: ["offsetPPM": -2.5], in: document) as? [String: Any] ?? [:]
        let scenario = try decode(document)
        #expect(scenario.radio.dataRate == .kbps850)
        #expect(scenario.radio.preambleLength == .symbols1024)
        #expect(scenario.radio.preambleAcquisitionChunk == .symbols32)  // UM Table 6 for 1024 symbols
        #expect(scenario.radio.channel == .five)
        #expect(scenario.radio.preambleCode == 9)
        let device = try #require(scenario.devices.first)
        #expect(device.transmit == TransmitScript(interval: .milliseconds(500), payloadLength: 16, start: .zero))
        #expect(device.orientation == Orientation(yaw: .degrees(90), pitch: .zero, roll: .zero))
        #expect(device.clock == ClockSpec(offset: ClockOffset(partsPerMillion: -2.5), driftPPMPerSqrtSecond: 0))
    }

    @Test("every key of the complete fixture lands in the model")
    func complete() throws {
        let scenario = try decode(ScenarioFixtures.complete)
        #expect(scenario.seed == 42)
        #expect(scenario.duration == .seconds(5))
        #expect(scenario.channel == ScenarioChannel(model: .cm3, pathLossExponent: 1.7, shadowingDeviation: PowerRatio(decibels: 2)))
        #expect(scenario.obstacles == [
            try Obstacle(
                name: "wall", minimum: Position(metres: Vector3(x: 1, y: 0, z: -1)), maximum: Position(metres: Vector3(x: 1.2, y: 2.5, z: 1)),
                attenuation: PowerRatio(decibels: 10)),
        ])
        let alice = scenario.devices[0]
        #expect(alice.transmitPower == PowerLevel(dBm: -14.3))
        #expect(alice.clock == ClockSpec(offset: ClockOffset(partsPerMillion: 5), driftPPMPerSqrtSecond: 0.01))
        let bob = scenario.devices[1]
        #expect(bob.board.chips.count == 2)
        #expect(bob.path == DevicePath(
            waypoints: [Waypoint(position: Position(metres: Vector3(x: 3, y: 0, z: -2)), speed: Speed(metresPerSecond: 1.5))],
            loops: true))
        #expect(bob.antennaDelays.map(\.transmit.ticks) == [16430, 16436])
        #expect(bob.antennaDelays.map(\.receive.ticks) == [16440, 16436])
        #expect(bob.phaseOffsets == [Angle(radians: 0), Angle(radians: 0.7)])
    }
}
