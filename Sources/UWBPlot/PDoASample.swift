import UWBCore

/// One phase difference of arrival a chip measured against the board's reference chip, with the
/// true angle of the peer, from a line of `uwb calibrate pdoa --samples FILE`.
public struct PDoASample: Hashable, Sendable {
    /// When, in seconds since the start of the run.
    public var seconds: Double
    /// The measuring device's name.
    public var device: String
    /// The peer's name.
    public var peer: String
    /// The chip whose phase is compared with the reference chip's (its index on the board).
    public var chip: Int
    /// The true horizontal angle of the peer.
    public var trueAngle: Angle
    /// The measured phase difference.
    public var pdoa: Angle
    /// The phase difference after the calibrated offset is removed, or `nil` when there is none.
    public var corrected: Angle?

    /// A sample with the given values.
    public init(seconds: Double, device: String, peer: String, chip: Int, trueAngle: Angle, pdoa: Angle, corrected: Angle?) {
        self.seconds = seconds
        self.device = device
        self.peer = peer
        self.chip = chip
        self.trueAngle = trueAngle
        self.pdoa = pdoa
        self.corrected = corrected
    }
}
