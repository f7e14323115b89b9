import UWBCore

/// Why bytes are not a ranging frame, or not one for this session.
///
/// Each ``description`` names the problem and says what to do about it.
public enum RangingFrameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not a valid IEEE 802.15.4 MAC frame.
    case macFrame(MACFrameError)
    /// The MAC frame is not a data frame.
    case notDataFrame(MACFrameType)
    /// The frame lacks a short destination or a short source address, or its two PANs differ.
    case notShortAddressedWithinOnePAN
    /// The payload ended early: the message needs `needed` payload octets but only `present` are there.
    case truncated(needed: Int, present: Int)
    /// The payload is longer than its message: `expected` octets, `present` received.
    case tooLong(expected: Int, present: Int)
    /// The payload format version is not the one this code speaks.
    case unsupportedVersion(UInt8)
    /// The type octet names no ranging message.
    case unknownMessageType(UInt8)
    /// Flag bits that are reserved (all but bit 0) are set; the mask of the set reserved bits.
    case reservedFlags(UInt8)
    /// A group message names `count` responders: none, or more than
    /// ``RangingFrameFormat/maximumGroupSize``.
    case groupSize(Int)
    /// A group FINAL marks RESPONSEs received in slots beyond its responder count (the mask of those bits).
    case groupSlotsOutOfRange(UInt16)
    /// A message integrity code was built from the wrong number of octets.
    case wrongMessageIntegrityCodeLength(Int)
    /// A secured frame was given a number of codes other than its message needs (1, or one per
    /// group entry).
    case wrongMessageIntegrityCodeCount(expected: Int, present: Int)
    /// A secured frame uses a security level or key identifier mode this format does not: two-party
    /// frames use level 2 (MIC-64), group frames level 1 (MIC-32), both key identifier mode 1.
    case unsupportedSecurity(level: MACSecurityLevel, keyIdentifierMode: UInt8)
    /// A session key of the wrong length was given.
    case wrongKeyLength(Int)
    /// The frame was dropped by the link's security: ``FrameRejection`` says why.
    case rejected(FrameRejection)
    /// This side has sent frames with every frame counter its keys allow: the session needs new
    /// keys.
    case frameCountersExhausted
    /// The cryptographic library refused to compute a MIC (its message).
    case sealingFailed(String)
    /// The frame belongs to another PAN.
    case wrongPAN(expected: PANIdentifier, received: PANIdentifier)
    /// The frame is addressed to another device.
    case wrongDestination(expected: UInt16, received: UInt16)
    /// The frame comes from a device other than the peer.
    case wrongSource(expected: UInt16, received: UInt16)
    /// The frame belongs to another session.
    case wrongSession(expected: SessionIdentifier, received: SessionIdentifier)

    /// A sentence naming the problem and the remedy.
    public var description: String {
        switch self {
        case .macFrame(let error):
            "not a MAC frame: \(error)"
        case .notDataFrame(let type):
            "a \(type) MAC frame is not a ranging frame (those are data frames); ignore it"
        case .notShortAddressedWithinOnePAN:
            "ranging frames carry short destination and source addresses in one PAN (PAN ID compression); ignore this frame"
        case .truncated(let needed, let present):
            "ranging payload truncated: the message needs \(needed) octets but only \(present) are present; the sender wrote a short frame, so drop it"
        case .tooLong(let expected, let present):
            "ranging payload is \(present) octets but its message takes \(expected); the sender speaks another format, so drop it"
        case .unsupportedVersion(let version):
            "ranging format version \(version) is not supported (this code speaks version \(RangingFrameFormat.version)); update the peer or this device"
        case .unknownMessageType(let type):
            "ranging message type 0x\(String(type, radix: 16, uppercase: true)) is unknown (POLL 0x61, RESPONSE 0x62, FINAL 0x63, REPORT 0x64, GOODBYE 0x65, GROUP POLL 0x66, GROUP FINAL 0x67); drop the frame"
        case .reservedFlags(let mask):
            "reserved ranging flag bits 0x\(String(mask, radix: 16, uppercase: true)) are set; the sender speaks a newer format, so drop the frame"
        case .groupSize(let count):
            "a group round serves 1 to \(RangingFrameFormat.maximumGroupSize) responders, not \(count); split the responders over several rounds"
        case .groupSlotsOutOfRange(let mask):
            "the group FINAL marks RESPONSEs in slots it does not have (bits 0x\(String(mask, radix: 16, uppercase: true))); the sender is broken, so drop the frame"
        case .wrongMessageIntegrityCodeLength(let count):
            "a message integrity code has 4, 8 or 16 octets, not \(count)"
        case .wrongMessageIntegrityCodeCount(let expected, let present):
            "this secured frame takes \(expected) message integrity code\(expected == 1 ? "" : "s"), not \(present); give one per group entry, or one for a two-party frame"
        case .unsupportedSecurity(let level, let mode):
            "security level \(level.rawValue) with key identifier mode \(mode) is not what ranging frames use (level 2 for two-party frames, 1 for group frames, key identifier mode 1); the sender speaks another format, so drop the frame"
        case .wrongKeyLength(let count):
            "a session key has \(SessionKeys.keyLength) octets (AES-128), not \(count)"
        case .rejected(let reason):
            "the frame failed the session's security (\(reason.rawValue)); it was dropped and counted, and the session goes on with its real peer"
        case .frameCountersExhausted:
            "this side has used every frame counter of the session's keys; end the session and run a new one, which gets new keys from new tokens"
        case .sealingFailed(let message):
            "the cryptographic library could not compute a message integrity code (\(message)); report this as a bug"
        case .wrongPAN(let expected, let received):
            "the frame belongs to PAN \(received), not this session's PAN \(expected); ignore it"
        case .wrongDestination(let expected, let received):
            "the frame is addressed to \(MACAddress.short(received)), not to this device (\(MACAddress.short(expected))); ignore it"
        case .wrongSource(let expected, let received):
            "the frame comes from \(MACAddress.short(received)), not from the peer \(MACAddress.short(expected)); ignore it"
        case .wrongSession(let expected, let received):
            "the frame belongs to session \(received), not \(expected); ignore it"
        }
    }
}
