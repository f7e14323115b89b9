import EmulatorHarness
import Foundation
import UWBCore
import UWBEmulator
import UWBRanging

/// A world for the ranging accuracy benchmarks, written as a scenario in memory (the format of
/// `Docs/scenarios.md`): devices standing still, a channel model, obstacles. The first device
/// initiates; ``run(seed:rate:seconds:fieldOfView:)`` ranges it with the others.
struct RangingWorld {
    /// One device standing still; the first keeps the identity orientation, the others turn their
    /// backs (−z, where the antennas hear best) toward it, unless the world has a ``RangingWorld/facing`` point.
    struct Device {
        /// The device's name.
        var name: String
        /// The board id (`Hardware/boards/<id>.json`).
        var board = "ft232h-dw1000-single"
        /// Where it stands, world metres.
        var position: Vector3
        /// Its clock's frequency offset.
        var clockPPM = 0.0
        /// Its yaw in degrees, if given; else it turns its back as the world's devices do.
        var yawDegrees: Double?
        /// Its transmit level, dBm, if not the board's default.
        var txPowerDBm: Double?
        /// The channel of its own radio, if it has one (the scenario's other radio settings): it is
        /// then fitted for that channel's band.
        var radioChannel: Channel?
    }

    /// One box across links: a loss alone, or a slab of a material.
    struct Wall {
        /// The corner with the smallest coordinates.
        var min: Vector3
        /// The corner with the largest coordinates.
        var max: Vector3
        /// Loss through it, for a box given by its loss.
        var attenuationDB: Double?
        /// Its material's scenario spelling and its thickness, metres, for a slab.
        var material: (name: String, thickness: Double)?

        /// A box that costs `attenuationDB`.
        init(min: Vector3, max: Vector3, attenuationDB: Double) {
            self.min = min
            self.max = max
            self.attenuationDB = attenuationDB
        }

        /// A slab of `material`, `thickness` metres thick.
        init(min: Vector3, max: Vector3, material: String, thickness: Double) {
            self.min = min
            self.max = max
            self.material = (material, thickness)
        }

        /// The scenario's fields for what the box is made of.
        var composition: [String: Any] {
            if let material {
                return ["material": material.name, "thicknessMetres": material.thickness]
            }
            return ["attenuationDB": attenuationDB ?? 0]
        }
    }

    /// What the world is.
    var name: String
    /// The scenario's `channel.model`.
    var channel = "free-space"
    /// The scenario's `radio.dataRateKbps`.
    var dataRateKbps = 6800
    /// The scenario's `radio.channel`.
    var radioChannel = Channel.five
    /// The rest of the scenario's `radio` object (preamble length, PRF, code, SFD), if not the defaults.
    var radio: [String: Any] = [:]
    /// Boxes across links.
    var walls: [Wall] = []
    /// The devices; the first initiates.
    var devices: [Device]
    /// A point every device turns its back toward instead (a ring of devices facing its centre).
    var facing: Vector3?
    /// The directory of board descriptions.
    var boards: String
    /// The scrambled timestamp sequence every device ranges with; nil for none.
    var secureTimestamps: SecureTimestampConfiguration? = nil

    /// Two single-antenna devices of `hardware` `distance` apart along world −z, 1 m above the
    /// floor, free space, on `hardware`'s channel.
    static func pair(
        distance: Double, boards: String, clockPPM: (Double, Double) = (0, 0), hardware: RangingHardware = .dw1000
    ) -> RangingWorld {
        RangingWorld(
            name: "two devices \(distance) m apart", radioChannel: hardware.channel, devices: [
                Device(name: "initiator", board: hardware.pairBoard, position: Vector3(x: 0, y: 1, z: 0), clockPPM: clockPPM.0),
                Device(name: "responder", board: hardware.pairBoard, position: Vector3(x: 0, y: 1, z: -distance), clockPPM: clockPPM.1),
            ], boards: boards, secureTimestamps: hardware.secureTimestamps)
    }

    /// The scenario.
    func scenario() throws -> Scenario {
        try Scenario(jsonData: try json(), boardSearchPaths: [boards])
    }

    /// The scenario as a file holds it, for `uwb range --scenario` (`uwb-benchmarks parts --write-scenarios`).
    func json() throws -> Data {
        let root: [String: Any] = [
            "name": name,
            "radio": radio.merging(["dataRateKbps": dataRateKbps, "channel": radioChannel.number]) { $1 },
            "channel": ["model": channel],
            "obstacles": walls.enumerated().map { index, wall in
                (["name": "wall \(index + 1)", "min": Self.array(wall.min), "max": Self.array(wall.max)] as [String: Any])
                    .merging(wall.composition) { $1 }
            },
            "devices": devices.enumerated().map { index, device in
                (["name": device.name, "board": device.board, "position": Self.array(device.position),
                  "orientation": ["yawDegrees": yaw(of: index)],
                  "clock": ["offsetPPM": device.clockPPM]] as [String: Any])
                    .merging(device.txPowerDBm.map { ["txPowerDBm": $0] } ?? [:]) { $1 }
                    .merging(device.radioChannel.map { ["radio": ["channel": $0.number]] } ?? [:]) { $1 }
            },
        ]
        return try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])
    }

    /// Ranges the first device with the others at `rate` rounds per second per peer for `seconds`
    /// of virtual time (with the world's STS, if any), and returns the finished run.
    func run(seed: UInt64, rate: Double, seconds: Double, fieldOfView: FieldOfView = FieldOfView()) throws
        -> ScenarioRanging {
        let ranging = try ScenarioRanging(
            scenario: try scenario(), seed: seed, rate: rate, fieldOfView: fieldOfView, secureTimestamps: secureTimestamps)
        ranging.run(until: SimulationTime(seconds: seconds))
        return ranging
    }

    /// The yaw of device `index`, in degrees: its own if it has one, else toward ``facing`` if set,
    /// else toward the first device.
    private func yaw(of index: Int) -> Double {
        if let yaw = devices[index].yawDegrees {
            return yaw
        }
        if let facing {
            return Self.yawFacing(facing, from: devices[index].position)
        }
        return index == 0 ? 0 : Self.yawFacing(devices[0].position, from: devices[index].position)
    }

    /// The yaw, in degrees, that turns a device at `position` so its back faces `target`.
    static func yawFacing(_ target: Vector3, from position: Vector3) -> Double {
        atan2(-(target.x - position.x), -(target.z - position.z)) * 180 / .pi
    }

    private static func array(_ vector: Vector3) -> [Double] {
        [vector.x, vector.y, vector.z]
    }
}
