import Foundation
import UWBCore
import UWBRanging

extension NINearbyObject {
    /// The elevation beyond which a peer counts as above or below this device: 20°.
    static let verticalThreshold = Angle.degrees(20)

    /// The nearby object a measurement of the peer with `token` shows, on a radio with
    /// `capabilities`: the filtered distance; the horizontal angle if the radio measures one; the
    /// direction, and from it whether the peer is above or below, only if it measures a full one.
    package convenience init(measurement: RangingMeasurement, peer token: NIDiscoveryToken, capabilities: NIRadioCapability) {
        let direction = capabilities.supportsDirectionMeasurement ? measurement.direction : nil
        self.init(
            discoveryToken: token,
            distance: measurement.distance.map { Float($0.metres) },
            direction: direction.map { simd_float3(Float($0.x), Float($0.y), Float($0.z)) },
            horizontalAngle: capabilities.supportsHorizontalAngleMeasurement
                ? measurement.horizontalAngle.map { Float($0.radians) } : nil,
            verticalDirectionEstimate: direction.map(Self.verticalEstimate) ?? .unknown)
    }

    /// Above, below or level, from a unit direction's elevation (its y component).
    static func verticalEstimate(_ direction: Vector3) -> VerticalDirectionEstimate {
        let elevation = Angle(radians: asin(min(max(direction.y, -1), 1)))
        if elevation > verticalThreshold { return .above }
        if elevation < Angle(radians: -verticalThreshold.radians) { return .below }
        return .same
    }
}
