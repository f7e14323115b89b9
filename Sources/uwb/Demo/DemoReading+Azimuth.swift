import Foundation
import UWBCore

extension DemoReading {
    /// The peer's bearing in the horizontal plane, wrapped into (−180°, 180°]: 0° straight ahead,
    /// positive to the right (+x).
    ///
    /// Taken from `horizontalAngle` when it is known and finite, otherwise from `direction` as
    /// atan2(x, −z). Nil when neither gives one: both unknown, not finite, or a direction with no
    /// horizontal part (straight up or down).
    var azimuth: Angle? {
        if let horizontalAngle, horizontalAngle.radians.isFinite {
            return horizontalAngle.wrapped
        }
        guard let direction, direction.x.isFinite, direction.z.isFinite, direction.x != 0 || direction.z != 0 else {
            return nil
        }
        return Angle(radians: atan2(direction.x, -direction.z)).wrapped
    }
}
