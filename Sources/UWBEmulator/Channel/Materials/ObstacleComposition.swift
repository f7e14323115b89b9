import UWBCore

/// What an ``Obstacle`` is made of: a slab of a named material and thickness, whose loss and delay
/// follow from the material's properties at each frame's frequency, or (as scenarios written
/// before materials give it) just a loss, with no delay.
public enum ObstacleComposition: Hashable, Sendable {
    /// A slab `thickness` thick of `material`, crossed at normal incidence when the direct path
    /// runs along the box's thinnest axis.
    case slab(Material, thickness: Distance)
    /// A fixed loss of the direct path, whatever the frequency, and no delay.
    case loss(PowerRatio)

    /// What the obstacle does to a wave at `frequency` with `bandwidth` crossing it `obliquity` times its
    /// thickness.
    func transmission(at frequency: Frequency, bandwidth: Frequency, obliquity: Double) -> SlabTransmission {
        switch self {
        case .slab(let material, let thickness):
            SlabTransmission(material: material, thickness: thickness, frequency: frequency, bandwidth: bandwidth, obliquity: obliquity)
        case .loss(let loss):
            SlabTransmission(loss: loss)
        }
    }
}
