import UWBCore

/// A tag's blink in UL-TDoA: a frame that says only who sent it and which blink it is; the anchors
/// that hear it timestamp it, and those times, in one time base, fix the tag.
///
/// On the air it is an IEEE 802.15.4 data frame in the network's PAN from the tag's short address
/// to broadcast, whose 3-octet payload is the type 0x74 and the blink's number, little-endian
/// (`Docs/positioning.md`).
public struct UplinkTDoABlink: Hashable, Sendable {
    /// The network (PAN) the tag belongs to.
    public let network: PANIdentifier
    /// The tag's short address.
    public let tag: UInt16
    /// The blink's number, counting up and wrapping.
    public let sequence: UInt16

    /// A blink.
    public init(network: PANIdentifier, tag: UInt16, sequence: UInt16) {
        self.network = network
        self.tag = tag
        self.sequence = sequence
    }

    /// The payload's type octet, beside the DL-TDoA messages' 0x71 to 0x73.
    static let typeCode: UInt8 = 0x74

    /// The MAC frame without its FCS.
    ///
    /// - Throws: ``UWBCore/MACFrameError`` if the MAC codec refuses it, which a 12-octet frame does not give it cause to.
    public func encoded() throws(MACFrameError) -> [UInt8] {
        var payload: [UInt8] = [Self.typeCode]
        payload.appendLittleEndian(sequence)
        let frame = MACFrame(
            dataIn: network, from: .short(tag), to: .broadcast, sequenceNumber: UInt8(truncatingIfNeeded: sequence), payload: payload)
        return try frame.encoded(includingFCS: false)
    }

    /// The blink `octets` (a MAC frame without its FCS) holds, or `nil` for any other frame.
    public static func decoded(from octets: [UInt8]) -> UplinkTDoABlink? {
        guard let frame = try? MACFrame(decoding: octets, fcs: .absent), frame.frameType == .data, frame.security == nil,
            let source = frame.source, case .short(let tag) = source.address, frame.payload.count == 3,
            frame.payload[0] == typeCode
        else { return nil }
        return UplinkTDoABlink(network: source.pan, tag: tag, sequence: UInt16(frame.payload[1]) | UInt16(frame.payload[2]) << 8)
    }
}
