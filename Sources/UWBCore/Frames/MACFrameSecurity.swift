/// The security of a secured MAC frame: its auxiliary security header and the message integrity
/// code that follows its payload. Computing and checking the code takes keys, which a MAC frame
/// does not have: the layer that owns the keys does it over ``MACFrame/octetsBeforeMIC()``.
public struct MACFrameSecurity: Hashable, Sendable {
    /// The auxiliary security header.
    public let header: AuxiliarySecurityHeader
    /// The MIC, as many octets as the header's security level calls for.
    public let messageIntegrityCode: [UInt8]

    /// Security with the given header and MIC.
    ///
    /// - Throws: ``MACFrameError/wrongMICLength(level:present:)`` unless the MIC has the length
    ///   of `header`'s security level.
    public init(header: AuxiliarySecurityHeader, messageIntegrityCode: [UInt8]) throws(MACFrameError) {
        guard messageIntegrityCode.count == header.securityLevel.messageIntegrityCodeLength else {
            throw .wrongMICLength(level: header.securityLevel, present: messageIntegrityCode.count)
        }
        self.header = header
        self.messageIntegrityCode = messageIntegrityCode
    }
}
