import Foundation
import UWBCore
import UWBEmulator

/// The phase difference an ideal, calibrated pair of antennas measures for a level peer at
/// horizontal angle θ: 2π·d·sin θ / λ, with d the baseline's component along the device's x axis
/// (from the reference chip's antenna to the chip's) and λ the carrier wavelength.
public struct AnalyticPDoA: Hashable, Sendable {
    /// The device's name.
    public var device: String
    /// The chip compared with the reference chip (its index on the board); on a board of one
    /// two-port chip (a DW3220), the port compared with the first: 1.
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

    /// The curves of every chip after the first of every multi-chip device in `scenario`, and of
    /// the second port of every device on one two-port chip (as `uwb calibrate pdoa` numbers its
    /// samples), at the wavelength of the scenario's channel.
    public static func curves(in scenario: Scenario) -> [AnalyticPDoA] {
        let wavelength = scenario.radio.channel.centreFrequency.wavelength
        return scenario.devices.flatMap { device -> [AnalyticPDoA] in
            guard let reference = device.board.chips.first else { return [] }
            let ports = reference.antennaPositions
            if device.board.chips.count == 1, ports.count == 2 {
                return [AnalyticPDoA(
                    device: device.name, chip: 1, baseline: Distance(metres: ports[1].metres.x - ports[0].metres.x), wavelength: wavelength)]
            }
            return device.board.chips.enumerated().dropFirst().map { index, chip in
                AnalyticPDoA(
                    device: device.name, chip: index,
                    baseline: Distance(metres: chip.antennaPosition.metres.x - reference.antennaPosition.metres.x),
                    wavelength: wavelength)
            }
        }
    }
}
