/// GET_DEVICE_INFO_RSP: the versions a UWBS implements and its vendor information.
/// `uciVersion.revision` says which message layouts to use with it.
///
/// Layout: status (1), UCI version (2), MAC version (2), PHY version (2), UCI test version (2),
/// vendor information length (1), vendor information. Source: pica `uci_packets.pdl`
/// `CoreGetDeviceInfoRsp`.
public struct UCIDeviceInfo: Hashable, Sendable {
    /// The response status.
    public var status: UCIStatus
    /// The UCI generic specification version.
    public var uciVersion: UCIVersion
    /// The FiRa MAC version.
    public var macVersion: UCIVersion
    /// The FiRa PHY version.
    public var phyVersion: UCIVersion
    /// The UCI test specification version.
    public var uciTestVersion: UCIVersion
    /// Vendor-specific information (at most 255 octets).
    public var vendorSpecificInfo: [UInt8]

    /// Device information.
    public init(
        status: UCIStatus, uciVersion: UCIVersion, macVersion: UCIVersion, phyVersion: UCIVersion,
        uciTestVersion: UCIVersion, vendorSpecificInfo: [UInt8] = []
    ) {
        self.status = status
        self.uciVersion = uciVersion
        self.macVersion = macVersion
        self.phyVersion = phyVersion
        self.uciTestVersion = uciTestVersion
        self.vendorSpecificInfo = vendorSpecificInfo
    }
}
