import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBEmulatorService
import UWBTestSupport

/// A chip's last channel impulse response from the emulator service
/// (`EmulatorService.lastImpulseResponse(device:chip:)`), against what the chip itself read off its
/// accumulator, and the refusals for what has none.
@Suite("Impulse responses from the emulator service", .serialized)
struct ImpulseResponseServiceTests {
    static func position(_ x: Double, _ y: Double, _ z: Double) -> Position {
        Position(metres: Vector3(x: x, y: y, z: z))
    }

    /// Alice (free, no app attached: her chip never listens), and two beacons, a DW1000 and a DW3000
    /// board, 3 m apart in a residential room (CM1: multipath), each sending a frame every 50 ms and listening the rest of the time; the world
    /// runs without apps.
    static func room() throws -> (Emulation, EmulatorService) {
        let single = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-single.json"))
        let dw3000 = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dwm3000-single.json"))
        let emulation = Emulation(seed: 5, channelModel: try ChannelModel(kind: .cm1, channel: .five))
        try emulation.add(DeviceSetup(name: "alice", board: single, trajectory: .standing(at: position(0, 1, 0))))
        for (index, (name, board)) in [("beacon", single), ("carol", dw3000)].enumerated() {
            try emulation.add(
                DeviceSetup(name: name, board: board, trajectory: .standing(at: position(Double(index) * 3 - 1.5, 1, -3))),
                application: {
                    ScriptedTransmitter(
                        on: $0, interval: .milliseconds(50), start: .milliseconds(10 + 20 * index), payloadLength: 12,
                        address: UInt16(7 + index))
                })
        }
        let service = try EmulatorService(
            emulation: emulation, free: ["alice"], socketPath: "/tmp/swift-uwb-test-\(UUID().uuidString.prefix(8)).sock",
            settings: EmulatorServiceSettings(speed: 100, runsWithoutApps: true))
        return (emulation, service)
    }

    @Test("a beacon's CIR is its chip's last reading: the first path at the edge found, the magnitudes' peak at its peak",
          .timeLimit(.minutes(10)))
    func matchesTheChip() throws {
        let (emulation, service) = try Self.room()
        service.start()
        defer { service.stop() }
        #expect(Eventually.holds(within: .seconds(300)) { service.now >= SimulationTime(seconds: 0.5) })
        let paused = try service.perform(.pause)
        // Paused with no app attached, the world runs no event: the chips stay as they are.
        for device in [1, 2] {
            let response = try service.lastImpulseResponse(device: device, chip: 0)
            let reading = try #require(emulation.devices[device].chips[0].lastPreambleReading)
            #expect(response.device == device && response.chip == 0)
            #expect(response.firstPath == reading.edge.index)
            #expect(response.peak == reading.edge.peakIndex)
            #expect(response.threshold == reading.edge.threshold)
            #expect(response.noise == reading.noise)
            #expect(response.receivedLevel == reading.receivedLevel)
            #expect(response.firstPathLevel == reading.firstPathLevel)
            #expect(response.accumulated == reading.accumulator.accumulated)
            #expect(response.firstTap == Int(reading.edge.index.rounded(.down)) - ChipImpulseResponse.tapsBefore)
            #expect(response.magnitudes.count == ChipImpulseResponse.tapsBefore + ChipImpulseResponse.tapsAfter)
            #expect(abs(response.samplePeriod.secondsValue - 1.0016e-9) < 1e-12)
            #expect(response.time > .zero && response.time <= paused)
            let strongest = try #require(response.magnitudes.indices.max { response.magnitudes[$0] < response.magnitudes[$1] })
            #expect(response.firstTap + strongest == reading.edge.peakIndex, "\(response.magnitudes)")
            #expect(response.magnitudes[strongest] > response.threshold)
            // Asking again changes nothing: the same taps, the same noise.
            #expect(try service.lastImpulseResponse(device: device, chip: 0) == response)
        }
    }

    @Test("an unknown device, a chip the board lacks and a chip that never received are refused saying what to do",
          .timeLimit(.minutes(10)))
    func refusals() throws {
        let (_, service) = try Self.room()
        service.start()
        defer { service.stop() }
        #expect(Eventually.holds(within: .seconds(300)) { service.now >= SimulationTime(seconds: 0.2) })
        let cases: [(Int, Int, String)] = [
            (3, 0, "the room has no device 3; choose one of its devices 0 to 2 (alice, beacon, carol)"),
            (1, 1, "beacon's board ft232h-dw1000-single has no chip 1; it has one chip: choose chip 0"),
            (0, 0, "alice chip 0: no frame received yet; let the room run or move a device into range"),
        ]
        for (device, chip, message) in cases {
            #expect {
                _ = try service.lastImpulseResponse(device: device, chip: chip)
            } throws: { error in
                (error as? ImpulseResponseError)?.description == message
            }
        }
    }
}
