import Foundation
import UWBCore
import UWBEmulator
import UWBRanging

/// What calibrating antenna delays on the emulator measures: every two of a scenario's devices
/// range through their sessions, and each pair's mean raw distance (range-bias corrected, not
/// filtered) is set against the true distance between their antennas.
public enum CalibrationRun {
    /// The devices' names and, per pair, the mean distance measured after `settle` and the true
    /// distance at the middle of the run (the devices of a calibration stand still).
    ///
    /// - Throws: ``SessionMeshError`` from setting up the sessions, or
    ///   ``SessionMeshError/emulation(_:)`` when a pair measured nothing.
    public static func pairs(
        in emulation: Emulation, seconds: Double, settle: Double, seed: UInt64
    ) throws(SessionMeshError) -> (names: [String], pairs: [AntennaDelayEstimate.Pair]) {
        let mesh = try SessionMesh(emulation: emulation, interval: nil, tokenSeed: seed)
        mesh.run(until: SimulationTime(seconds: seconds), pacing: WallClockPacing(), speed: 0)
        var measured: [[Int]: [Double]] = [:]
        for report in mesh.collect() {
            guard case .measured(_, let measurement) = report.event, measurement.time.secondsValue > settle,
                  let raw = measurement.rawDistance,
                  let first = mesh.deviceNames.firstIndex(of: report.device), let second = mesh.deviceNames.firstIndex(of: report.peer)
            else { continue }
            measured[[min(first, second), max(first, second)], default: []].append(raw.metres)
        }
        var pairs: [AntennaDelayEstimate.Pair] = []
        for first in mesh.deviceNames.indices {
            for second in (first + 1)..<mesh.deviceNames.count {
                guard let values = measured[[first, second]], !values.isEmpty,
                      let truth = emulation.groundTruth(from: first, to: second, at: SimulationTime(seconds: seconds / 2))
                else {
                    throw .emulation("\(mesh.deviceNames[first]) and \(mesh.deviceNames[second]) measured no distance; bring them within range of each other")
                }
                pairs.append(AntennaDelayEstimate.Pair(
                    first: first, second: second, measured: Distance(metres: values.reduce(0, +) / Double(values.count)),
                    actual: truth.distance))
            }
        }
        return (mesh.deviceNames, pairs)
    }
}
