import EmulatorHarness
import Foundation
import UWBCore
import UWBEmulator
import UWBRanging
import UWBTestSupport

/// A small ranging world for the accuracy tests, written as a scenario in memory: devices
/// standing still (the first initiates), a channel model and walls.
struct AccuracyWorld {
    /// One device: board id, position in world metres, clock offset in ppm.
    struct Device {
        var board = "ft232h-dw1000-single"
        var position: Vector3
        var clockPPM = 0.0
    }

    var channel = "free-space"
    /// The scenario's `radio.channel`; `nil` for the default radio configuration's.
    var radioChannel: Channel?
    var devices: [Device]
    /// Walls as (min, max, attenuation in dB).
    var walls: [(min: Vector3, max: Vector3, attenuationDB: Double)] = []

    /// Two single-chip devices `distance` apart along world −z.
    static func pair(distance: Double, clockPPM: (Double, Double) = (0, 0)) -> AccuracyWorld {
        AccuracyWorld(devices: [
            Device(position: Vector3(x: 0, y: 1, z: 0), clockPPM: clockPPM.0),
            Device(position: Vector3(x: 0, y: 1, z: -distance), clockPPM: clockPPM.1),
        ])
    }

    /// The yaw, in degrees, that turns a device at `position` so its back (−z, where its antennas
    /// hear best) faces `target`: the first device keeps its own orientation and every other device
    /// turns toward it, as people pointing their phones at each other do.
    static func yawFacing(_ target: Vector3, from position: Vector3) -> Double {
        atan2(-(target.x - position.x), -(target.z - position.z)) * 180 / .pi
    }

    /// The scenario as JSON, decoded.
    func scenario() throws -> Scenario {
        func array(_ vector: Vector3) -> [Double] { [vector.x, vector.y, vector.z] }
        var root: [String: Any] = [
            "name": "accuracy test",
            "channel": ["model": channel],
            "obstacles": walls.map { ["name": "wall", "min": array($0.min), "max": array($0.max), "attenuationDB": $0.attenuationDB] },
            "devices": devices.enumerated().map { index, device in
                ["name": "device-\(index)", "board": device.board, "position": array(device.position),
                 "orientation": ["yawDegrees": index == 0 ? 0 : Self.yawFacing(devices[0].position, from: device.position)],
                 "clock": ["offsetPPM": device.clockPPM]] as [String: Any]
            },
        ]
        if let radioChannel {
            root["radio"] = ["channel": radioChannel.number]
        }
        return try Scenario(
            jsonData: try JSONSerialization.data(withJSONObject: root), boardSearchPaths: [Repository.boardsDirectory])
    }

    /// Ranges for `seconds` of virtual time at `rate` and returns the run.
    func run(seconds: Double, rate: Double = 100, seed: UInt64 = 7, fieldOfView: FieldOfView = FieldOfView()) throws
        -> ScenarioRanging {
        let ranging = try ScenarioRanging(scenario: try scenario(), seed: seed, rate: rate, fieldOfView: fieldOfView)
        ranging.run(until: SimulationTime(seconds: seconds))
        return ranging
    }
}

extension ScenarioRanging {
    /// The initiator's measurements with ground truth, from `settle` virtual seconds on.
    func initiatorResults(settle: Double = 0) -> [(measurement: RangingMeasurement, truth: GroundTruth)] {
        records.compactMap { record in
            guard record.observer == "device-0", let truth = record.truth,
                  Double(record.time.picoseconds) * 1e-12 >= settle
            else { return nil }
            return (record.measurement, truth)
        }
    }
}

/// Mean and sample standard deviation (0 and 0 for an empty sample).
func meanAndDeviation(_ values: [Double]) -> (mean: Double, deviation: Double) {
    guard values.count > 1 else { return (values.first ?? 0, 0) }
    let mean = values.reduce(0, +) / Double(values.count)
    let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
    return (mean, (squares / Double(values.count - 1)).squareRoot())
}

/// Root mean square (0 for an empty sample).
func rootMeanSquare(_ values: [Double]) -> Double {
    values.isEmpty ? 0 : (values.reduce(0) { $0 + $1 * $1 } / Double(values.count)).squareRoot()
}

/// Measured − true distance in metres for every result with a value at `keyPath`.
func distanceErrors(
    _ results: [(measurement: RangingMeasurement, truth: GroundTruth)], _ keyPath: KeyPath<RangingMeasurement, Distance?>
) -> [Double] {
    results.compactMap { result in result.measurement[keyPath: keyPath].map { $0.metres - result.truth.distance.metres } }
}
