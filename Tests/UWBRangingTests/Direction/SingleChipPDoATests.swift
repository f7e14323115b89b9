import Foundation
import Testing
import UWBCore
import UWBRanging
import UWBTestSupport

/// The horizontal angle of a board whose only coherent group is one DW3220: the chip measures the
/// phase difference between its two ports itself, and the angle is asin(Δφ·λ/(2π·d)), computed
/// here by hand from the speed of light, the channel's centre frequency and the board's 16.9 mm.
@Suite("Single-chip PDoA: a DW3220's two ports give the horizontal angle")
struct SingleChipPDoATests {
    static let speedOfLight = 299_792_458.0
    /// The ports of `ft232h-dw3220-pdoa`, 16.9 mm apart along x.
    static let baseline = 0.0169

    static func board(phaseOffset: Double = 0) throws -> BoardDescription {
        let shipped = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw3220-pdoa.json"))
        var chip = try #require(shipped.chips.first)
        chip.calibration.phaseOffset = Angle(radians: phaseOffset)
        return try BoardDescription(
            id: shipped.id, name: shipped.name, summary: shipped.summary, usb: shipped.usb, spi: shipped.spi, chips: [chip])
    }

    static func configuration(_ channel: Channel) throws -> RadioConfig {
        try RadioConfig(
            channel: channel, pulseRepetitionFrequency: .sixtyFourMegahertz, preambleLength: .symbols128, preambleCode: 9,
            dataRate: .mbps6_8)
    }

    /// A round whose frames the chip heard with phase difference `difference` between its ports.
    static func round(difference: Double) -> CompletedRound {
        var round = MeasurementBuilderTests.round()
        let diagnostics = ReceptionDiagnostics(
            receivedLevel: PowerLevel(dBm: -77), firstPathLevel: PowerLevel(dBm: -80), clockOffset: .zero,
            carrierPhase: .zero, firstPathIndex: 750, preambleSymbolsAccumulated: 100,
            phaseDifference: Angle(radians: difference))
        round.receptions = [.response: [diagnostics], .report: [diagnostics]]
        return round
    }

    @Test("the board's array is its two ports, read from the chip's phase difference")
    func array() throws {
        let array = try AntennaArray(board: Self.board(), channel: .five)
        #expect(array.source == .antennaPorts(chip: 0))
        #expect(array.elements.map(\.position) == [Vector3(x: 0, y: 0, z: 0), Vector3(x: Self.baseline, y: 0, z: 0)])
        #expect(!array.measuresFullDirection)
    }

    @Test("angle = asin(Δφ·λ/(2π·d)) with each channel's own wavelength", arguments: [
        (Channel.five, 6489.6e6, 1.0), (.five, 6489.6e6, -1.6), (.nine, 7987.2e6, 1.0), (.nine, 7987.2e6, -2.0),
    ])
    func angle(channel: Channel, frequency: Double, difference: Double) throws {
        let wavelength = Self.speedOfLight / frequency
        let expected = asin(difference * wavelength / (2 * .pi * Self.baseline))
        let builder = try MeasurementBuilder(board: Self.board(), configuration: Self.configuration(channel))
        let measurement = builder.measurement(of: Self.round(difference: difference))
        let angle = try #require(measurement.rawHorizontalAngle).radians
        #expect(abs(angle - expected) < 1e-9)
        #expect(measurement.direction == nil)
        // The raw phase difference is reported as the chip measured it.
        #expect(abs(try #require(measurement.phaseDifferences?.first).radians - difference) < 1e-12)
    }

    @Test("the same phase difference is a larger angle on channel 9 than on channel 5 (shorter wavelength)")
    func channelsDiffer() throws {
        let five = try MeasurementBuilder(board: Self.board(), configuration: Self.configuration(.five))
            .measurement(of: Self.round(difference: 1.5))
        let nine = try MeasurementBuilder(board: Self.board(), configuration: Self.configuration(.nine))
            .measurement(of: Self.round(difference: 1.5))
        // asin(1.5·46.20/(2π·16.9)) = 40.7°, asin(1.5·37.53/(2π·16.9)) = 32.0°.
        let angle5 = try #require(five.rawHorizontalAngle).radians * 180 / .pi
        let angle9 = try #require(nine.rawHorizontalAngle).radians * 180 / .pi
        #expect(abs(angle5 - 40.7) < 0.1)
        #expect(abs(angle9 - 32.0) < 0.1)
    }

    @Test("the calibrated phase offset of the second port is taken off before the angle")
    func phaseOffset() throws {
        let offset = 0.4
        let difference = 0.9
        let wavelength = Self.speedOfLight / 6489.6e6
        let expected = asin((difference - offset) * wavelength / (2 * .pi * Self.baseline))
        let builder = try MeasurementBuilder(board: Self.board(phaseOffset: offset), configuration: Self.configuration(.five))
        let angle = try #require(builder.measurement(of: Self.round(difference: difference)).rawHorizontalAngle).radians
        #expect(abs(angle - expected) < 1e-9)
    }

    @Test("a reception without a phase difference gives no angle")
    func missingDifference() throws {
        var round = Self.round(difference: 0)
        round.receptions = MeasurementBuilderTests.round().receptions
        let builder = try MeasurementBuilder(board: Self.board(), configuration: Self.configuration(.nine))
        let measurement = builder.measurement(of: round)
        #expect(measurement.rawHorizontalAngle == nil && measurement.distance != nil)
    }
}
