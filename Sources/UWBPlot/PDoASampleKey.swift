/// The keys of a line of `uwb calibrate pdoa --samples FILE`.
enum PDoASampleKey {
    static let time = "t"
    static let device = "device"
    static let peer = "peer"
    static let chip = "chip"
    static let trueAngle = "true_angle_rad"
    static let pdoa = "pdoa_rad"
    static let correctedPDoA = "corrected_pdoa_rad"
}
