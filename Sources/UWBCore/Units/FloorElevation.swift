/// Where something is in a building of several floors: the floor it is on (0 the ground floor,
/// negative below ground) and its height above that floor's surface, as Apple's
/// `NIDLTDOAMeasurement.FloorElevation` (iOS 27) and Android's DL-TDoA Z-element extension give an
/// anchor's.
public struct FloorElevation: Hashable, Sendable, CustomStringConvertible {
    /// The floor number: 0 the ground floor, negative below ground.
    public var floorNumber: Int
    /// The height above the floor's surface.
    public var heightAboveFloor: Distance

    /// A floor and a height above it.
    public init(floorNumber: Int, heightAboveFloor: Distance) {
        self.floorNumber = floorNumber
        self.heightAboveFloor = heightAboveFloor
    }

    /// e.g. `floor 2, 2.800 m above it`.
    public var description: String {
        "floor \(floorNumber), \(heightAboveFloor) above it"
    }
}
