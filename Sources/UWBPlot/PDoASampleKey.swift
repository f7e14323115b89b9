/// The keys of a line of `uwb calibrate pdoa --samples FILE`.
enum PDoASampleKey {
    /// The time in seconds.
    static let time = "t"
    /// The measuring device's name.
    static let device = "device"
    /// The peer's name.
    static let peer = "peer"
    /// The chip compared with the reference chip.
    static let chip = "chip"
    /// The peer's true horizontal angle in radians.
    static let trueAngle = "true_angle_rad"
    /// The measured phase difference in radians.
    static let pdoa = "pdoa_rad"
    /// The corrected phase difference in radians, or null.
    static let correctedPDoA = "corrected_pdoa_rad"
}
