import UWBCore

/// Frames a device sends on its own, without any ranging protocol (JSON key `transmit`): a data
/// frame with ``payloadLength`` payload octets at ``start`` and then every ``interval``.
///
/// The frame is an IEEE 802.15.4 data frame with short source and destination addresses and PAN
/// id compression, so it carries ``frameOverhead`` octets besides the payload.
public struct TransmitScript: Hashable, Sendable {
    /// The time between the starts of consecutive frames; at least one frame's airtime.
    public var interval: Duration
    /// The number of payload octets, 0...``maximumPayloadLength``.
    public var payloadLength: Int
    /// When the first frame is sent, from the start of the run.
    public var start: Duration

    /// A script with the given timing and size.
    public init(interval: Duration, payloadLength: Int, start: Duration) {
        self.interval = interval
        self.payloadLength = payloadLength
        self.start = start
    }

    /// Octets a frame spends besides its payload: a 9-octet MAC header (2 frame control,
    /// 1 sequence number, 2 PAN id, 2 short destination, 2 short source; IEEE 802.15.4-2011
    /// §5.2.1) and the 2-octet FCS.
    public static let frameOverhead = 11

    /// The longest payload: a standard-PHR frame holds 127 octets (IEEE 802.15.4 aMaxPHYPacketSize)
    /// minus ``frameOverhead``, so 116.
    public static let maximumPayloadLength = PHRMode.standard.maximumFrameLength - frameOverhead

    /// The payload length when `payloadLength` is absent: 16 octets.
    public static let defaultPayloadLength = 16

    /// The length of each frame on the air (PSDU, FCS included).
    public var frameLength: Int { payloadLength + Self.frameOverhead }
}
