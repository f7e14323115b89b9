import EmulatorHarness
import Foundation
import UWBCore
import UWBEmulator

/// The demo's world: a ``SessionMesh`` over a scenario's devices, whose reports become
/// ``DemoReading``s with the emulator's ground truth at each measurement's time.
final class DemoRoom {
    /// The sessions and their world.
    let mesh: SessionMesh
    /// The latest reading of each device about each peer, keyed by device then peer.
    private(set) var latest: [String: [String: DemoReading]] = [:]
    private let indices: [String: Int]

    /// Sets up `scenario`'s world, split into `parts` parts each run on a thread of its own, with a
    /// session between every two devices, each ranging every `interval` (`nil`: see
    /// ``SessionMesh/interval``); a device with a phone ranges with its accessory only, through the
    /// accessory protocol. The readings are the same for any number of parts.
    ///
    /// - Throws: ``SessionMeshError`` if the world (or its split), the interval or a token exchange fails.
    init(scenario: Scenario, seed: UInt64?, interval: Duration?, parts: Int = 1) throws(SessionMeshError) {
        let emulation: Emulation
        do {
            emulation = try Emulation.withAttackers(
                scenario: scenario, seed: seed, parts: parts, keepingTogether: SessionMesh.sharedParts(of: scenario))
        } catch {
            throw .emulation(error.description)
        }
        let phones = Dictionary(uniqueKeysWithValues: scenario.devices.compactMap { device in device.phone.map { (device.name, $0) } })
        mesh = try SessionMesh(emulation: emulation, interval: interval, tokenSeed: seed ?? scenario.seed, phones: phones)
        indices = Dictionary(uniqueKeysWithValues: mesh.deviceNames.enumerated().map { ($1, $0) })
        for device in mesh.deviceNames {
            for peer in mesh.deviceNames where mesh.ranges(device, with: peer) {
                latest[device, default: [:]][peer] = DemoReading(
                    device: device, peer: peer, time: .zero, state: .waiting, distance: nil, direction: nil,
                    horizontalAngle: nil, trueDistance: nil)
            }
        }
    }

    /// Every latest reading.
    var readings: [DemoReading] {
        latest.values.flatMap(\.values)
    }

    /// Runs the world until `end` (see ``SessionMesh/run(until:pacing:speed:)``).
    func run(until end: SimulationTime, pacing: Pacing, speed: Double) {
        mesh.run(until: end, pacing: pacing, speed: speed)
    }

    /// Everything the sessions reported since the last call, as readings in delivery order.
    func collect() -> [DemoReading] {
        mesh.collect().compactMap(reading)
    }

    private func reading(_ report: SessionMeshReport) -> DemoReading? {
        guard var reading = latest[report.device]?[report.peer] else { return nil }
        switch report.event {
        case .started:
            reading.state = .ranging
            latest[report.device]?[report.peer] = reading
            return nil
        case .measured(let object, let measurement):
            reading.time = measurement.time
            reading.state = .ranging
            reading.distance = object.distance.map { Distance(metres: Double($0)) }
            reading.direction = object.direction.map { Vector3(x: Double($0.x), y: Double($0.y), z: Double($0.z)) }
            reading.horizontalAngle = object.horizontalAngle.map { Angle(radians: Double($0)) }
            reading.trueDistance = trueDistance(from: report.device, to: report.peer, at: SimulationTime.zero + measurement.time)
        case .removed(let reason):
            reading.time = report.time - .zero
            reading.state = .removed(reason: reason == .timeout ? "timeout" : "peer ended")
        case .invalidated(let error):
            reading.time = report.time - .zero
            reading.state = .invalidated(reason: error.description)
        }
        latest[report.device]?[report.peer] = reading
        return reading
    }

    private func trueDistance(from device: String, to peer: String, at time: SimulationTime) -> Distance? {
        guard let observer = indices[device], let target = indices[peer] else { return nil }
        return mesh.emulation.groundTruth(from: observer, to: target, at: time)?.distance
    }
}
