/// The PHY header mode, which bounds the length of a frame (PSDU, FCS included).
///
/// It corresponds to the DW1000's SYS_CFG.PHR_MODE field.
public enum PHRMode: Hashable, Sendable {
    /// The IEEE 802.15.4 PHY header: frames of at most 127 octets including the FCS.
    case standard
    /// The DW1000's proprietary long-frame PHY header: frames of at most 1023 octets including the FCS.
    case extended

    /// The longest frame this mode can carry, in octets, counting the 2-octet FCS.
    public var maximumFrameLength: Int {
        switch self {
        case .standard: 127
        case .extended: 1023
        }
    }
}

extension PHRMode: CustomStringConvertible {
    /// `standard PHR` or `extended PHR`, as used in error messages.
    public var description: String {
        switch self {
        case .standard: "standard PHR"
        case .extended: "extended PHR"
        }
    }
}
