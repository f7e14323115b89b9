extension NINearbyObject {
    /// The Objective-C sentinel `NINearbyObjectDistanceNotAvailable` (Apple: iOS 14).
    ///
    /// Apple does not publish the values of its sentinels and marks them unavailable in Swift ("use
    /// optional value semantics"): ``distance`` is nil instead. swift-uwb provides them for code that
    /// stores measurements in non-optional fields. The value is `Float.greatestFiniteMagnitude`, which
    /// no distance reaches and which, unlike NaN, compares equal to itself.
    public static let distanceNotAvailable: Float = .greatestFiniteMagnitude

    /// The Objective-C sentinel `NINearbyObjectDirectionNotAvailable` (Apple: iOS 14): every component
    /// `Float.greatestFiniteMagnitude`, which no unit vector has. In Swift ``direction`` is nil instead.
    public static let directionNotAvailable = simd_float3(repeating: .greatestFiniteMagnitude)

    /// The Objective-C sentinel `NINearbyObjectAngleNotAvailable` (Apple: iOS 16):
    /// `Float.greatestFiniteMagnitude`, outside [−π, π]. In Swift ``horizontalAngle`` is nil instead.
    public static let angleNotAvailable: Float = .greatestFiniteMagnitude
}

extension NINearbyObject {
    /// The Objective-C sentinel `NINearbyObjectWorldTransformNotAvailable` (Apple: iOS 16), what
    /// Objective-C's `worldTransformForObject:` returns without a transform: every element
    /// `Float.greatestFiniteMagnitude`, which no rigid transform has. In Swift
    /// ``NISession/worldTransform(for:)`` returns nil instead.
    public static let worldTransformNotAvailable = simd_float4x4(
        simd_float4(repeating: .greatestFiniteMagnitude), simd_float4(repeating: .greatestFiniteMagnitude),
        simd_float4(repeating: .greatestFiniteMagnitude), simd_float4(repeating: .greatestFiniteMagnitude))
}
