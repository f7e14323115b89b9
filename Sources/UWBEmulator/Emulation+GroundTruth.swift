import UWBCore

/// What an emulated device would measure of another if it measured perfectly.
public struct GroundTruth: Hashable, Sendable {
    /// The distance between the two devices' first antennas.
    public var distance: Distance
    /// The unit vector from the observer's origin to the peer's first antenna, in the observer's
    /// device frame (+x right, +y up, −z out of the back).
    public var direction: Vector3
}

extension Emulation {
    /// The true distance and direction from device `observer` to device `peer` at `time`.
    ///
    /// - Returns: `nil` if either index is not a device of this emulation.
    public func groundTruth(from observer: Int, to peer: Int, at time: SimulationTime) -> GroundTruth? {
        let nodes = medium.nodes
        guard nodes.indices.contains(observer), nodes.indices.contains(peer) else { return nil }
        let target = nodes[peer].antennaPosition(0, at: time)
        let offset = target.metres - nodes[observer].trajectory.position(at: time).metres
        let local = nodes[observer].orientation.toDevice(offset)
        return GroundTruth(
            distance: nodes[observer].antennaPosition(0, at: time).distance(to: target),
            direction: local.length > 0 ? local * (1 / local.length) : .zero)
    }

    /// Where device `index`'s first antenna truly is at `time`: the point its timestamps refer to.
    ///
    /// - Returns: `nil` if `index` is not a device of this emulation.
    public func antennaPosition(of index: Int, at time: SimulationTime) -> Position? {
        let nodes = medium.nodes
        guard nodes.indices.contains(index) else { return nil }
        return nodes[index].antennaPosition(0, at: time)
    }
}
