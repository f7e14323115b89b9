import Foundation
import UWBCore
import UWBEmulator

/// The phase difference an ideal, calibrated pair of antennas measures for a level peer at
/// horizontal angle θ: 2π·d·sin θ / λ, with d the baseline's component along the device's x axis
/// (from the reference chip's antenna to the chip's) and λ the carrier wavelength.
public struct AnalyticPDoA: Hashable, Sendable {
    /// The device's name.
    public var device: String
    /// The chip compared with the reference chip (its index on the board).
    public var chip: Int
    /// The baseline's component along the device's x axis.
    public var baseline: Distance
    /// The carrier wavelength.
    public var wavelength: Distance

    /// The curve of `chip` of `device`.
    public init(device: String, chip: Int, baseline: Distance, wavelength: Distance) {
        self.device = device
        self.chip = chip
        self.baseline = baseline
        self.wavelength = wavelength
    }

    /// The phase difference at `angle`.
    public func pdoa(at angle: Angle) -> Angle {
        Angle(radians: 2 * .pi * baseline.metres * sin(angle.radians) / wavelength.metres)
    }

    /// The curves of every chip after the first of every multi-chip device in `scenario`, at the
    /// wavelength of the scenario's channel.
    public static func curves(in scenario: Scenario) -> [AnalyticPDoA] {
        let wavelength = scenario.radio.channel.centreFrequency.wavelength
        return scenario.devices.flatMap { device -> [AnalyticPDoA] in
            guard let reference = device.board.chips.first else { return [] }
            return device.board.chips.enumerated().dropFirst().map { index, chip in
                AnalyticPDoA(
                    device: device.name, chip: index,
                    baseline: Distance(metres: chip.antennaPosition.metres.x - reference.antennaPosition.metres.x),
                    wavelength: wavelength)
            }
        }
    }
}
