import Foundation
import UWBCore
import UWBEmulator
import UWBRanging

/// Why ranging on the emulator could not be set up.
public enum ScenarioRangingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The scenario has fewer than two devices.
    case notEnoughDevices(Int)
    /// The scenario has more than ``UWBEmulator/Scenario/maximumDeviceCount`` devices (only a
    /// scenario built in code can: the JSON decoder refuses it).
    case tooManyDevices(Int)
    /// A cluster size below 2, above the device count, or leaving the last device alone.
    case invalidClusterSize(Int, devices: Int)
    /// The requested rate leaves a peer's slot no longer than the longest round.
    case rateTooHigh(hertz: Double, slots: RangingSlots)
    /// The rate is not a finite number of at least ``ScenarioRanging/slowestRate``.
    case invalidRate(Double)
    /// The world could not be built.
    case emulation(EmulationError)
    /// A device's board has coherent chips whose antennas cannot give a direction.
    case antennaArray(device: String, DirectionError)
    /// The scenario has rogue devices (``UWBEmulator/RogueSpec``), whose attacks target sessions,
    /// which this engine-level ranging has none of.
    case rogueDevices([String])
    /// Ranging with an STS was asked for, but this device has a chip without one (a DW1000).
    case secureTimestampsUnsupported(device: String)
    /// A device's driver refused the ranging configuration (with its STS).
    case configurationRefused(device: String, TransceiverError)
    /// A device of a cluster has another radio than its cluster's initiator (``UWBEmulator/DeviceSpec/radio``):
    /// the two could not hear each other's frames, or would time their rounds differently.
    case clusterRadios(device: String, initiator: String)

    /// What is wrong and what to do.
    public var description: String {
        switch self {
        case .notEnoughDevices(let count):
            "devices: the scenario has \(count) device\(count == 1 ? "" : "s"); ranging needs at least 2: add a device to the scenario"
        case .tooManyDevices(let count):
            "devices: the scenario has \(count) devices, more than the \(Scenario.maximumDeviceCount) a scenario may have; leave some out"
        case .invalidClusterSize(let size, let devices):
            "cluster size \(size) with \(devices) devices: give 2 to \(devices) devices per cluster, and not one that leaves the last device alone (\(devices) mod size = 1)"
        case .rateTooHigh(let hertz, let slots):
            "--rate \(JSONNumberText.text(hertz)) Hz with \(slots.peers) peer\(slots.peers == 1 ? "" : "s") leaves each peer a slot shorter than the \(String(format: "%.3f", slots.longestRound.secondsValue * 1000)) ms a round may take; use at most \(JSONNumberText.text(slots.fastestRate)) Hz"
        case .invalidRate(let value):
            "--rate \(JSONNumberText.text(value)): give rounds per second per peer, at least 1/\(JSONNumberText.text(1 / ScenarioRanging.slowestRate)) (one round a day, the longest run)"
        case .emulation(let error):
            error.description
        case .antennaArray(let device, let error):
            "device \(device): its board's antennas cannot give a direction: \(error); fix the board description"
        case .rogueDevices(let names):
            "devices \(names.joined(separator: ", ")): rogue devices attack NearbyInteraction sessions, which uwb range does not run; watch the attack with uwb demo, or remove their rogue objects"
        case .secureTimestampsUnsupported(let device):
            "device \(device): its board has a chip without a scrambled timestamp sequence (STS); range with an STS only between DW3000-family boards, or without one"
        case .configurationRefused(let device, let error):
            "device \(device): the driver refused the ranging configuration: \(error)"
        case .clusterRadios(let device, let initiator):
            "devices \(initiator) and \(device) range together but the scenario gives them different radios; give every device of a cluster the same radio (or none of its own)"
        }
    }
}
