import Foundation
import Testing
import UWBCore
import UWBEmulator
@testable import UWBRanging

/// Recovering per-chip phase offsets from receptions at a known direction.
@Suite struct PhaseCalibrationTests {
    @Test func recoversKnownOffsetsFromNoisyPhases() throws {
        // True offsets near ±π (so the samples straddle the wrap), 5° phase noise per chip, 200 receptions
        // from azimuth 20°, elevation −10°. The circular mean's error is about 5°·√2/√200 = 0.5°; allow 1.5°.
        let board = try AntennaArrayTests.board("ft232h-dw1000-triple")
        let array = try AntennaArray(board: board, channel: .five)
        let offsets = [0.0, 3.05, -3.1]
        let truth = AntennaArrayTests.direction(azimuth: 20, elevation: -10)
        var random = SeededRandom(seed: 2024)
        var rows: [[Angle]] = []
        for _ in 0..<200 {
            let common = random.uniform(-Double.pi...Double.pi)
            let clean = AntennaArrayTests.phases(board, toward: truth, offsets: offsets, common: common)
            rows.append(clean.map { Angle(radians: ($0?.radians ?? 0) + random.normal(mean: 0, standardDeviation: 5 * .pi / 180)).wrapped })
        }
        let estimated = try PhaseCalibration.offsets(measuredPhases: rows, trueDirection: truth * 3, array: array)
        #expect(estimated.count == 3)
        #expect(estimated[0] == .zero)
        for chip in 1...2 {
            let error = (estimated[chip] - Angle(radians: offsets[chip])).wrapped.degrees
            #expect(abs(error) < 1.5, "chip \(chip) off by \(error)°")
        }
        // The calibrated array then finds a new direction from clean phases.
        let calibrated = try array.calibrated(offsets: estimated)
        let other = AntennaArrayTests.direction(azimuth: -45, elevation: 30)
        let estimate = try calibrated.direction(phases: AntennaArrayTests.phases(board, toward: other, offsets: offsets))
        #expect(acos(min(1, (estimate.direction ?? .zero).dot(other))) * 180 / .pi < 2)
    }

    @Test("a sweep: receptions from azimuths −60° to 60°, each with its own direction, give the offsets; the raw differences the array reports are the ideal ones plus the offsets")
    func recoversOffsetsFromASweep() throws {
        let board = try AntennaArrayTests.board("ft232h-dw1000-dual")
        let array = try AntennaArray(board: board, channel: .five)
        let offsets = [0.0, -2.5]
        var samples: [PhaseCalibration.Sample] = []
        for azimuth in stride(from: -60.0, through: 60, by: 2) {
            let truth = AntennaArrayTests.direction(azimuth: azimuth, elevation: 0)
            let phases = AntennaArrayTests.phases(board, toward: truth, offsets: offsets, common: azimuth / 50)
            let differences = try array.phaseDifferences(phases: phases)
            // 2π·d·sin(θ)/λ with d = 20.8 mm and λ = c / 6489.6 MHz, plus the offset, wrapped.
            let wavelength = PhysicalConstants.speedOfLight.metresPerSecond / 6.4896e9
            let ideal = 2 * Double.pi * 0.0208 * sin(azimuth * .pi / 180) / wavelength
            #expect(abs((differences[0] - Angle(radians: ideal + offsets[1])).wrapped.radians) < 1e-9)
            samples.append(PhaseCalibration.Sample(phaseDifferences: differences, trueDirection: truth))
        }
        let estimated = try PhaseCalibration.offsets(samples: samples, array: array)
        #expect(abs((estimated[1] - Angle(radians: offsets[1])).wrapped.radians) < 1e-9)
        // With them, the direction from raw differences is the true one.
        let calibrated = try array.calibrated(offsets: estimated)
        let angle = try #require(try calibrated.direction(phaseDifferences: samples[5].phaseDifferences).horizontalAngle)
        #expect(abs(angle.degrees - -50) < 1e-6)
    }

    @Test func unusableCalibrationInputsThrow() throws {
        let array = try AntennaArray(board: try AntennaArrayTests.board("ft232h-dw1000-dual"), channel: .five)
        #expect(throws: DirectionError.noCalibrationMeasurements) {
            try PhaseCalibration.offsets(measuredPhases: [], trueDirection: Vector3(x: 0, y: 0, z: -1), array: array)
        }
        #expect(throws: DirectionError.invalidDirection(.zero)) {
            try PhaseCalibration.offsets(measuredPhases: [[.zero, .zero]], trueDirection: .zero, array: array)
        }
        #expect(throws: DirectionError.missingPhase(chip: 1)) {
            try PhaseCalibration.offsets(measuredPhases: [[.zero]], trueDirection: Vector3(x: 0, y: 0, z: -1), array: array)
        }
        #expect(throws: DirectionError.missingOffset(chip: 1)) { try array.calibrated(offsets: [.zero]) }
    }
}
