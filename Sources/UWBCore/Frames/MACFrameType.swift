/// The Frame Type subfield (bits 0–2) of the frame control field, IEEE 802.15.4-2006 §7.2.1.1.1.
///
/// Values 4–7 are reserved in the 2003 and 2006 editions; decoding them throws
/// ``MACFrameError/reservedFrameType(_:)``.
public enum MACFrameType: UInt8, Hashable, Sendable {
    /// A beacon, sent by a coordinator.
    case beacon = 0
    /// A data frame; swift-uwb's ranging messages are data frames.
    case data = 1
    /// An acknowledgement of a frame that requested one.
    case acknowledgement = 2
    /// A MAC command such as a beacon request or an association request.
    case macCommand = 3
}
