/// Why a MAC frame could not be encoded, decoded or built.
///
/// Each ``description`` names the problem and says what to do about it.
public enum MACFrameError: Error, Hashable, Sendable {
    /// The bytes ended inside `field`: it needs `needed` octets but only `present` remain.
    case truncated(field: MACFrameField, needed: Int, present: Int)
    /// The frame is `length` octets long (FCS included) but `phrMode` carries at most `maximum`.
    case frameTooLong(length: Int, maximum: Int, phrMode: PHRMode)
    /// The FCS in the frame differs from the one computed over its header and payload.
    case fcsMismatch(received: UInt16, computed: UInt16)
    /// The frame type subfield holds a value (4–7) that IEEE 802.15.4-2006 reserves.
    case reservedFrameType(UInt8)
    /// The addressing mode subfield for the given address field holds the reserved value 1.
    case reservedAddressingMode(MACFrameField)
    /// Frame control bits 7–9, reserved in IEEE 802.15.4-2006, are set (the mask of the set bits).
    case reservedFrameControlBits(UInt16)
    /// A frame version was given that does not fit in the 2-bit Frame Version subfield.
    case frameVersionOutOfRange(UInt8)
    /// The frame uses version 2 or 3 (IEEE 802.15.4-2015 and later), which swift-uwb does not decode.
    case unsupportedFrameVersion(UInt8)
    /// The frame has the security enabled bit set but frame version 0: the 2003 edition's security
    /// format, which IEEE 802.15.4-2006 replaced and swift-uwb does not read.
    case securityNeedsFrameVersion2006
    /// An acknowledgement frame was given security; acknowledgements are never secured.
    case securedAcknowledgement
    /// Security control bits 5–7, reserved in IEEE 802.15.4-2006, are set (the mask of the set bits).
    case reservedSecurityControlBits(UInt8)
    /// A MIC of `present` octets was given for security level `level`, which calls for another length.
    case wrongMICLength(level: MACSecurityLevel, present: Int)
    /// PAN ID compression is set although the frame lacks a destination or a source address.
    case panIDCompressionWithoutBothAddresses
    /// Both addresses are present with the same PAN identifier, yet PAN ID compression is clear.
    case uncompressedEqualPANIdentifiers(PANIdentifier)
    /// An acknowledgement frame carries addresses or a payload; it must hold only frame control,
    /// sequence number and FCS.
    case acknowledgementWithAddressesOrPayload
}

extension MACFrameError: CustomStringConvertible {
    /// A sentence naming the problem and the remedy.
    public var description: String {
        switch self {
        case .truncated(let field, let needed, let present):
            return "MAC frame truncated in the \(field): it needs \(needed) octet\(needed == 1 ? "" : "s") "
                + "but only \(present) \(present == 1 ? "is" : "are") present; read the whole frame "
                + "(its length including the FCS is in the PHY header, RX_FINFO.RXFLEN) and check the "
                + "FCS handling (.verify/.ignore expect 2 trailing FCS octets, .absent expects none)."
        case .frameTooLong(let length, let maximum, let phrMode):
            var message = "MAC frame is \(length) octets including the FCS, but the \(phrMode) allows "
                + "at most \(maximum); shorten the payload"
            if phrMode == .standard, length <= PHRMode.extended.maximumFrameLength {
                message += " or use the extended PHR (PHRMode.extended, up to "
                    + "\(PHRMode.extended.maximumFrameLength) octets) on both radios"
            }
            return message + "."
        case .fcsMismatch(let received, let computed):
            return "MAC frame FCS mismatch: the frame carries \(Self.hex(received)) but its contents give "
                + "\(Self.hex(computed)); the frame was corrupted, so discard it (or decode with "
                + ".absent if the bytes end without an FCS)."
        case .reservedFrameType(let value):
            return "MAC frame type \(value) is reserved in IEEE 802.15.4-2006 (only 0 beacon, 1 data, "
                + "2 acknowledgement, 3 MAC command are defined); the frame is not a 2003/2006 MAC frame, "
                + "so drop it."
        case .reservedAddressingMode(let field):
            return "the addressing mode for the \(field) is the reserved value 1 (allowed: 0 none, "
                + "2 short, 3 extended); the frame is malformed, so drop it."
        case .reservedFrameControlBits(let mask):
            return "frame control bits 7–9 are reserved in IEEE 802.15.4-2006 but \(Self.hex(mask)) is "
                + "set; these bits belong to 802.15.4-2015 features swift-uwb does not support, so drop "
                + "the frame or send it with those bits clear."
        case .frameVersionOutOfRange(let version):
            return "frame version \(version) does not fit in the 2-bit Frame Version subfield; use 0 "
                + "(802.15.4-2003) or 1 (802.15.4-2006)."
        case .unsupportedFrameVersion(let version):
            return "MAC frame version \(version) (IEEE 802.15.4-2015 or later) is not supported; "
                + "swift-uwb decodes versions 0 (2003) and 1 (2006), so configure the sender for one of those."
        case .securityNeedsFrameVersion2006:
            return "MAC frame has the security enabled bit set with frame version 0, the security format "
                + "of IEEE 802.15.4-2003 that the 2006 edition replaced; secured frames must be sent as "
                + "frame version 1 (MACFrameVersion.ieee2006) with the 2006 auxiliary security header."
        case .securedAcknowledgement:
            return "acknowledgement frames are never secured (IEEE 802.15.4-2006 §7.5.8.2.1); build "
                + "them with MACFrame(acknowledging:) and no security."
        case .reservedSecurityControlBits(let mask):
            return "security control bits 5–7 are reserved in IEEE 802.15.4-2006 but 0x"
                + hexDigits(UInt64(mask), octets: 1, uppercase: true) + " is set; the auxiliary security "
                + "header is malformed, so drop the frame."
        case .wrongMICLength(let level, let present):
            return "security level \(level.rawValue) calls for a MIC of \(level.messageIntegrityCodeLength) "
                + "octets but \(present) were given; give a MIC of the level's length."
        case .panIDCompressionWithoutBothAddresses:
            return "PAN ID compression is set but the frame lacks a destination or a source address; "
                + "the bit is only valid when both are present, so the frame is inconsistent. Drop it."
        case .uncompressedEqualPANIdentifiers(let pan):
            return "both addresses are in PAN \(pan) but PAN ID compression is clear; swift-uwb "
                + "always compresses equal PAN identifiers, so have the sender set the PAN ID "
                + "compression bit and omit the source PAN identifier."
        case .acknowledgementWithAddressesOrPayload:
            return "an acknowledgement frame must contain only frame control, sequence number and FCS, "
                + "but this one has addresses or a payload; build acknowledgements with "
                + "MACFrame(acknowledging:) and drop such frames on receipt."
        }
    }

    /// A 16-bit value as `0x` and four uppercase hexadecimal digits.
    private static func hex(_ value: UInt16) -> String {
        "0x" + hexDigits(UInt64(value), octets: 2, uppercase: true)
    }
}
