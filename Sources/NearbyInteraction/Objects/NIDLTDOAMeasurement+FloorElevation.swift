import Foundation
import UWBCore

extension NIDLTDOAMeasurement {
    /// A DL-TDoA anchor's place in a building of several floors: the floor it is on and its height
    /// above that floor (Apple: iOS 27, `NIDLTDOAMeasurement.FloorElevation`).
    ///
    /// `@unchecked Sendable`: its state is immutable.
    public final class FloorElevation: NSObject, NSCopying, @unchecked Sendable {
        /// The floor the anchor is on; negative values are below ground.
        public let floorNumber: Int
        /// The anchor's height above the floor's surface, in metres.
        public let height: Double

        /// The floor elevation an anchor's frame carried.
        init(_ floor: UWBCore.FloorElevation) {
            floorNumber = floor.floorNumber
            height = floor.heightAboveFloor.metres
            super.init()
        }

        /// The elevation itself: it is immutable.
        public func copy(with zone: NSZone? = nil) -> Any {
            self
        }

        /// Equal when the floor and the height are.
        public override func isEqual(_ object: Any?) -> Bool {
            guard let other = object as? FloorElevation else { return false }
            return floorNumber == other.floorNumber && height == other.height
        }

        /// Hashes the floor and the height.
        public override var hash: Int {
            var hasher = Hasher()
            hasher.combine(floorNumber)
            hasher.combine(height)
            return hasher.finalize()
        }
    }
}
