import UWBCore

/// A device as the medium sees it: where it is, which way it faces, and its chips with their
/// antenna positions in the device frame.
final class MediumNode {
    /// The device's name.
    let name: String
    /// Its chips, the first being the one whose receptions the statistics count.
    let chips: [VirtualDW1000]
    /// Each chip's antenna position in the device frame, in metres.
    let antennaOffsets: [Vector3]
    /// Where it is over time.
    let trajectory: Trajectory
    /// Which way it faces.
    let orientation: Orientation
    /// Called when one of its chips changes its IRQ line.
    var interruptHandler: (VirtualDW1000) -> Void = { _ in }

    init(name: String, chips: [VirtualDW1000], antennaOffsets: [Vector3], trajectory: Trajectory, orientation: Orientation) {
        self.name = name
        self.chips = chips
        self.antennaOffsets = antennaOffsets
        self.trajectory = trajectory
        self.orientation = orientation
    }

    /// Where the antenna of chip `index` is in the world at `time`.
    func antennaPosition(_ index: Int, at time: SimulationTime) -> Position {
        let centre = trajectory.position(at: time)
        let offset = antennaOffsets.indices.contains(index) ? antennaOffsets[index] : .zero
        return Position(metres: centre.metres + orientation.toWorld(offset))
    }
}
