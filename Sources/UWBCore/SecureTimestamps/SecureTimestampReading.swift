/// What a radio with an STS measured on a received frame besides the preamble's timestamp.
///
/// The preamble (Ipatov) sequence is public and periodic, so an attacker can make its first path
/// look early; the STS is not predictable without the key, so its timestamp stays true. A
/// receiver trusts a frame's time of arrival only when the STS was received well (``isGood``)
/// and its timestamp agrees with the preamble's.
public struct SecureTimestampReading: Hashable, Sendable {
    /// The frame's time of arrival measured on the STS, by the receiver's clock, with the RX
    /// antenna delay taken off as for the preamble's timestamp.
    public var time: DeviceTime
    /// The STS quality index: how much of the STS correlated (the chip's raw figure, larger is
    /// better).
    public var quality: Int
    /// Whether the quality is above the chip's threshold for a genuine STS.
    public var isGood: Bool

    /// A reading with the given values.
    public init(time: DeviceTime, quality: Int, isGood: Bool) {
        self.time = time
        self.quality = quality
        self.isGood = isGood
    }
}
