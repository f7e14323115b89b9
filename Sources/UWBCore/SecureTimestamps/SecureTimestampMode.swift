/// Where the scrambled timestamp sequence (STS) goes in a frame: the IEEE 802.15.4z HRP packet
/// configurations a DW3000 can send (`Docs/reference/uwb-physics.md` §1.3a).
public enum SecureTimestampMode: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// SP1: the STS follows the start-of-frame delimiter, before the PHY header and payload.
    case afterFrameDelimiter = "SP1"
    /// SP3: the STS follows the start-of-frame delimiter and the frame has no PHY header or
    /// payload; it carries a timestamp and nothing else.
    case noPayload = "SP3"

    /// The standard's name of the packet configuration, `SP1` or `SP3`.
    public var description: String { rawValue }
}
