import Foundation
import UWBCore

/// The cone around the device's −z axis (out of the back) inside which directions are reported.
///
/// Outside it the phase-to-angle mapping flattens: dθ = dφ/((2πd/λ)·cos θ), so phase noise costs twice
/// as much angle at 60° as at boresight and grows without bound toward 90° (`Docs/reference/uwb-physics.md` §4.2).
public struct FieldOfView: Hashable, Sendable {
    /// The default half-angle: 60°, as phones and vendor AoA kits use (`Docs/reference/uwb-physics.md` §4.2).
    public static let defaultHalfAngle = Angle.degrees(60)

    /// The largest angle from −z that is inside the field of view.
    public var halfAngle: Angle

    /// A field of view with the given half-angle.
    public init(halfAngle: Angle = FieldOfView.defaultHalfAngle) {
        self.halfAngle = halfAngle
    }

    /// Whether `direction` lies within ``halfAngle`` of −z. Zero or non-finite vectors are outside.
    public func contains(_ direction: Vector3) -> Bool {
        let length = direction.length
        guard length.isFinite, length > 0 else { return false }
        let cosine = min(max(-direction.z / length, -1), 1)
        return acos(cosine) <= halfAngle.radians
    }

    /// Whether a horizontal angle (from a two-antenna array, which knows nothing else) is within ±``halfAngle``.
    /// Non-finite angles are outside.
    public func contains(horizontalAngle: Angle) -> Bool {
        guard horizontalAngle.radians.isFinite else { return false }
        return abs(horizontalAngle.wrapped.radians) <= halfAngle.radians
    }

    /// `estimate` with what lies outside removed: both parts if its direction is outside (the peer is
    /// outside the cone), otherwise the horizontal angle if it alone is outside.
    public func gated(_ estimate: DirectionEstimate) -> DirectionEstimate {
        var result = estimate
        if let direction = estimate.direction, !contains(direction) {
            result.direction = nil
            result.horizontalAngle = nil
        }
        if let angle = result.horizontalAngle, !contains(horizontalAngle: angle) {
            result.horizontalAngle = nil
        }
        return result
    }
}
