import Foundation
import Testing
import UWBCore
@testable import UWBEmulator

/// A device moved mid-run (the emulator service's page dragging it) is received as if it had
/// always stood at its new place: nothing the medium cached for the old geometry survives.
@Suite("Relocation: a moved device's links follow its new place")
struct RelocationTests {
    /// Alice broadcasts every 100 ms in free space; bob listens at `start` facing `yaw`, and, if
    /// `movedTo` is given, is moved there at 1 s, facing `turnedTo`. Returns bob's receptions of the
    /// frames sent after 1 s.
    static func receptionsAfterOneSecond(
        start: Vector3, yaw: Angle = .zero, movedTo: Vector3?, turnedTo: Angle = .zero
    ) throws -> [TraceReception] {
        let world = try WorldFixtures.freeSpace()
        try world.add(WorldFixtures.device("alice", at: .zero), application: {
            ScriptedTransmitter(on: $0, interval: .milliseconds(100), start: .milliseconds(10), payloadLength: 16, address: 1)
        })
        try world.add(WorldFixtures.device("bob", at: start, orientation: Orientation(yaw: yaw)))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("swift-uwb-relocation-\(UUID().uuidString).pcapng").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try world.startTrace(writingTo: path)
        world.run(until: SimulationTime(seconds: 1))
        if let movedTo {
            world.medium.relocate(1, to: Position(metres: movedTo), facing: Orientation(yaw: turnedTo))
        }
        world.run(until: SimulationTime(seconds: 2))
        try world.finishTrace()
        let records = try PcapngReader(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path)))).records
        return records.filter { $0.time > 1_000_000_000_000 }.flatMap(\.receptions).filter { $0.receiver == "bob" }
    }

    @Test("moved from 3 m to 30 m, bob gets the 30 m level at once, as if he had always been there")
    func nearToFar() throws {
        let moved = try Self.receptionsAfterOneSecond(start: Vector3(x: 0, y: 0, z: -3), movedTo: Vector3(x: 0, y: 0, z: -30))
        let always = try Self.receptionsAfterOneSecond(start: Vector3(x: 0, y: 0, z: -30), movedTo: nil)
        #expect(moved.count == 10)
        #expect(moved.map(\.level) == always.map(\.level))
        // Free space: 20 dB less at ten times the distance.
        let near = try Self.receptionsAfterOneSecond(start: Vector3(x: 0, y: 0, z: -3), movedTo: nil)
        #expect(abs(near[0].level.dBm - moved[0].level.dBm - 20) < 1e-9)
    }

    @Test("moved from beyond the interference floor to 3 m, bob hears the frames the sender's reach had left him out of")
    func beyondFloorToNear() throws {
        let moved = try Self.receptionsAfterOneSecond(start: Vector3(x: 0, y: 0, z: -900), movedTo: Vector3(x: 0, y: 0, z: -3))
        let always = try Self.receptionsAfterOneSecond(start: Vector3(x: 0, y: 0, z: -3), movedTo: nil)
        #expect(moved.count == 10)
        #expect(moved == always)
    }

    @Test("turned round, bob no longer receives through his body, from the next frame on")
    func turning() throws {
        let bob = Vector3(x: 0, y: 0, z: -3)
        let before = try Self.receptionsAfterOneSecond(start: bob, movedTo: nil)
        let turned = try Self.receptionsAfterOneSecond(start: bob, movedTo: bob, turnedTo: .degrees(180))
        let always = try Self.receptionsAfterOneSecond(start: bob, yaw: .degrees(180), movedTo: nil)
        #expect(turned.map(\.level) == always.map(\.level))
        #expect(turned.first?.level != before.first?.level)
    }
}
