import Foundation
import UWBEmulator
import UWBRanging

/// Why ranging on the emulator could not be set up.
public enum EmulatedRangingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The scenario has fewer than two devices.
    case notEnoughDevices(Int)
    /// The requested rate leaves too little time for a round per peer.
    case rateTooHigh(hertz: Double, peers: Int, maximum: Double)
    /// The rate is not a positive finite number.
    case invalidRate(Double)
    /// The world could not be built.
    case emulation(EmulationError)
    /// A device's board has coherent chips whose antennas cannot give a direction.
    case antennaArray(device: String, DirectionError)

    /// What is wrong and what to do.
    public var description: String {
        switch self {
        case .notEnoughDevices(let count):
            "ranging needs at least two devices; the scenario has \(count)"
        case .rateTooHigh(let hertz, let peers, let maximum):
            "--rate \(hertz) Hz with \(peers) peer(s) leaves less than one round per slot; use at most \(String(format: "%.1f", maximum)) Hz"
        case .invalidRate(let value):
            "--rate \(value): give a positive number of rounds per second per peer"
        case .emulation(let error):
            error.description
        case .antennaArray(let device, let error):
            "device \(device): its board's antennas cannot give a direction: \(error); fix the board description"
        }
    }
}
