import Foundation
import Testing
import UWBCore
@testable import UWBRanging

/// Angle of arrival from plane-wave phases computed here from the antenna positions and the wavelength.
@Suite struct AntennaArrayTests {
    /// λ at channel 5: c / 6489.6 MHz = 46.196 mm (`Docs/reference/uwb-physics.md` §4.2: 46.20 mm).
    static let wavelength = 299_792_458 / 6_489_600_000.0

    static func board(_ id: String) throws -> BoardDescription {
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try BoardDescription.load(from: repository.appendingPathComponent("Hardware/boards/\(id).json").path)
    }

    /// The unit vector at `azimuth` right of −z and `elevation` up.
    static func direction(azimuth: Double, elevation: Double) -> Vector3 {
        let a = azimuth * .pi / 180
        let e = elevation * .pi / 180
        return Vector3(x: sin(a) * cos(e), y: sin(e), z: -cos(a) * cos(e))
    }

    /// Phase at each antenna of a plane wave from `u`: the wave reaches antenna p earlier by p·u, so its
    /// phase is 2π(p·u)/λ plus a phase common to all chips, plus the chip's offset; wrapped to (−π, π].
    static func phases(_ board: BoardDescription, toward u: Vector3, offsets: [Double], common: Double = 1.234) -> [Angle?] {
        board.chips.enumerated().map { index, chip in
            Angle(radians: 2 * .pi * chip.antennaPosition.metres.dot(u) / wavelength + common + offsets[index]).wrapped
        }
    }

    /// `board` with the given phase offsets written into its chips' calibration.
    static func board(_ board: BoardDescription, offsets: [Double]) throws -> BoardDescription {
        var chips = board.chips
        for index in chips.indices { chips[index].calibration.phaseOffset = Angle(radians: offsets[index]) }
        return try BoardDescription(id: board.id, name: board.name, summary: board.summary, usb: board.usb, spi: board.spi, chips: chips)
    }

    static let sweep = stride(from: -60.0, through: 60.0, by: 5.0)

    @Test func dualBoardGivesTheHorizontalAngle() throws {
        let array = try AntennaArray(board: try Self.board("ft232h-dw1000-dual"), channel: .five)
        #expect(!array.measuresFullDirection)
        for degrees in Self.sweep {
            let estimate = try array.direction(phases: Self.phases(try Self.board("ft232h-dw1000-dual"), toward: Self.direction(azimuth: degrees, elevation: 0), offsets: [0, 0]))
            #expect(estimate.direction == nil)
            #expect(abs((estimate.horizontalAngle?.degrees ?? .nan) - degrees) < 0.1, "at \(degrees)°")
        }
    }

    @Test func twoAntennasCannotTellFrontFromBack() throws {
        // A peer at 40° behind the device (−z) and its mirror in front (+z) give the same x component, so the
        // same phases and the same angle: the front/back ambiguity of a two-element array.
        let board = try Self.board("ft232h-dw1000-dual")
        let array = try AntennaArray(board: board, channel: .five)
        let behind = Self.direction(azimuth: 40, elevation: 0)
        let inFront = Vector3(x: behind.x, y: behind.y, z: -behind.z)
        let first = try array.direction(phases: Self.phases(board, toward: behind, offsets: [0, 0]))
        let second = try array.direction(phases: Self.phases(board, toward: inFront, offsets: [0, 0]))
        #expect(abs((first.horizontalAngle?.radians ?? 0) - (second.horizontalAngle?.radians ?? 1)) < 1e-12)
    }

    @Test func tripleBoardGivesTheFullDirection() throws {
        let board = try Self.board("ft232h-dw1000-triple")
        let array = try AntennaArray(board: board, channel: .five)
        #expect(array.measuresFullDirection)
        for azimuth in Self.sweep {
            for elevation in Self.sweep {
                let truth = Self.direction(azimuth: azimuth, elevation: elevation)
                let estimate = try array.direction(phases: Self.phases(board, toward: truth, offsets: [0, 0, 0]))
                guard let direction = estimate.direction else {
                    Issue.record("no direction at \(azimuth)°, \(elevation)°")
                    continue
                }
                let error = acos(min(1, direction.dot(truth))) * 180 / .pi
                #expect(error < 0.1, "at azimuth \(azimuth)°, elevation \(elevation)°")
                #expect(abs(direction.length - 1) < 1e-12)
                // The azimuth: atan2(x, −z) of the true direction.
                #expect(abs((estimate.horizontalAngle?.radians ?? .nan) - atan2(truth.x, -truth.z)) < 1e-9)
                #expect(!estimate.wasClamped)
            }
        }
    }

    @Test func calibratedOffsetsAreSubtractedAndWrapsHandled() throws {
        // Offsets near ±π push the raw phase differences across ±π: at +60° the x pair's true difference is
        // 2π·0.45·sin 60° = 2.45 rad; with a 2.5 rad offset the raw difference is 4.95 rad, read as −1.33 rad.
        let offsets = [0, 2.5, -2.8]
        let plain = try Self.board("ft232h-dw1000-triple")
        let board = try Self.board(plain, offsets: offsets)
        let array = try AntennaArray(board: board, channel: .five)
        for azimuth in [-60.0, -30, 0, 30, 60] {
            for elevation in [-60.0, 0, 60] {
                let truth = Self.direction(azimuth: azimuth, elevation: elevation)
                let estimate = try array.direction(phases: Self.phases(board, toward: truth, offsets: offsets, common: 3.1))
                let error = acos(min(1, (estimate.direction ?? .zero).dot(truth))) * 180 / .pi
                #expect(error < 0.1, "at azimuth \(azimuth)°, elevation \(elevation)°")
            }
        }
        // Without the calibration the same phases point elsewhere.
        let uncalibrated = try AntennaArray(board: plain, channel: .five)
        let wrong = try uncalibrated.direction(phases: Self.phases(board, toward: Self.direction(azimuth: 0, elevation: 0), offsets: offsets))
        #expect(acos(min(1, -(wrong.direction?.z ?? 0))) > 0.5)
    }

    @Test func noisyComponentsBeyondOneAreClamped() throws {
        // A phase difference of π on the 0.45λ x pair means u_x = 1/0.9 = 1.11: clamped to 90°.
        let board = try Self.board("ft232h-dw1000-dual")
        let array = try AntennaArray(board: board, channel: .five)
        let estimate = try array.direction(phases: [.zero, Angle(radians: .pi)])
        #expect(estimate.wasClamped)
        #expect(abs((estimate.horizontalAngle?.degrees ?? 0) - 90) < 1e-9)
    }

    @Test func unusableInputsThrow() throws {
        let board = try Self.board("ft232h-dw1000-triple")
        let array = try AntennaArray(board: board, channel: .five)
        #expect(throws: DirectionError.missingPhase(chip: 2)) { try array.direction(phases: [.zero, .zero, nil]) }
        #expect(throws: DirectionError.missingPhase(chip: 1)) { try array.direction(phases: [.zero]) }
        #expect(throws: DirectionError.invalidPhase(chip: 0)) { try array.direction(phases: [Angle(radians: .infinity), .zero, .zero]) }
        #expect(throws: DirectionError.notEnoughAntennas(1)) {
            try AntennaArray(board: try Self.board("ft232h-dw1000-single"), channel: .five)
        }
        let lambda = Distance(metres: Self.wavelength)
        #expect(throws: DirectionError.self) {
            try AntennaArray(elements: [
                AntennaElement(chip: 0, position: .zero, phaseOffset: .zero),
                AntennaElement(chip: 1, position: Vector3(x: 0.03, y: 0, z: 0), phaseOffset: .zero),
            ], wavelength: lambda)
        }
        #expect(throws: DirectionError.antennaOutOfPlane(chip: 2, z: Distance(metres: 0.01))) {
            try AntennaArray(elements: [
                AntennaElement(chip: 0, position: .zero, phaseOffset: .zero),
                AntennaElement(chip: 1, position: Vector3(x: 0.02, y: 0, z: 0), phaseOffset: .zero),
                AntennaElement(chip: 2, position: Vector3(x: 0, y: 0.02, z: 0.01), phaseOffset: .zero),
            ], wavelength: lambda)
        }
        #expect(throws: DirectionError.invalidChipIndex(0)) {
            try AntennaArray(elements: [
                AntennaElement(chip: 0, position: .zero, phaseOffset: .zero),
                AntennaElement(chip: 0, position: Vector3(x: 0.02, y: 0, z: 0), phaseOffset: .zero),
            ], wavelength: lambda)
        }
    }

    @Test func aLineAlongMinusXStillReadsPositiveToTheRight() throws {
        // Second antenna at −20 mm: the axis is flipped to +x, so a peer to the right still reads positive.
        let array = try AntennaArray(elements: [
            AntennaElement(chip: 0, position: .zero, phaseOffset: .zero),
            AntennaElement(chip: 1, position: Vector3(x: -0.02, y: 0, z: 0), phaseOffset: .zero),
        ], wavelength: Distance(metres: Self.wavelength))
        let u = Self.direction(azimuth: 25, elevation: 0)
        let estimate = try array.direction(phases: [.zero, Angle(radians: 2 * .pi * -0.02 * u.x / Self.wavelength)])
        #expect(abs((estimate.horizontalAngle?.degrees ?? 0) - 25) < 1e-9)
    }
}
