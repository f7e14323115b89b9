/// Why a trace could not be written or read.
///
/// Reader errors carry the byte `offset` (from the start of the input) of the block or field at
/// fault. Each ``description`` names the problem and says what to do about it.
public enum TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A record's time is before the start of the simulation; pcapng timestamps are unsigned.
    case negativeTime(Int64)
    /// A record's metadata comment is `octets` long, more than the 65,535 a pcapng option can hold.
    case commentTooLong(octets: Int)
    /// A record's frame is `octets` long, too long for a pcapng block's 32-bit length.
    case frameTooLong(octets: Int)
    /// The trace could not be written to `path`; `reason` is the operating system's message.
    case cannotWrite(path: String, reason: String)
    /// The input ends `needed` octets too early for the block or field that starts at `offset`.
    case truncated(offset: Int, needed: Int)
    /// A block length at `offset` is below the 12-octet minimum, too short for the fixed fields of
    /// its block type, or not a multiple of 4.
    case invalidBlockLength(offset: Int, length: UInt32)
    /// The block at `offset` ends with a length that differs from the one it starts with.
    case blockLengthMismatch(offset: Int, leading: UInt32, trailing: UInt32)
    /// A block other than a Section Header Block comes before the first one.
    case missingSectionHeader(offset: Int)
    /// The Section Header Block at `offset` has a byte-order magic that is neither 0x1A2B3C4D
    /// nor its byte swap.
    case badByteOrderMagic(offset: Int, value: UInt32)
    /// The Section Header Block at `offset` has a major version other than 1.
    case unsupportedVersion(offset: Int, major: UInt16, minor: UInt16)
    /// An option at `offset` runs past the end of its block.
    case malformedOption(offset: Int)
    /// A packet block at `offset` refers to an interface the section has not described.
    case unknownInterface(offset: Int, interfaceID: UInt32)
    /// The interface described at `offset` has a link type other than 195
    /// (LINKTYPE_IEEE802_15_4_WITHFCS).
    case unsupportedLinkType(offset: Int, linkType: UInt16)
    /// The interface described at `offset` has an `if_tsresol` this reader does not convert
    /// (it handles powers of ten from seconds to picoseconds).
    case unsupportedTimestampResolution(offset: Int, value: UInt8)
    /// The packet at `offset` has a timestamp beyond what an `Int64` of picoseconds can hold.
    case timestampOutOfRange(offset: Int)
    /// The packet block at `offset` claims a captured length longer than its data area.
    case capturedLengthTooLong(offset: Int, capturedLength: UInt32)
    /// The packet block at `offset` has no comment, so its sender and receptions are unknown.
    case missingMetadata(offset: Int)
    /// The packet block at `offset` has a comment that does not follow the metadata grammar.
    case malformedMetadata(offset: Int, reason: String)

    /// A sentence naming the problem and the remedy.
    public var description: String {
        switch self {
        case .negativeTime(let time):
            return "trace record time \(time) ps is before the start of the simulation; pcapng "
                + "timestamps cannot be negative, so pass the time since the start of the run (0 or more)."
        case .commentTooLong(let octets):
            return "trace record metadata is \(octets) octets but a pcapng comment holds at most 65535; "
                + "shorten the device names or split the receivers over fewer devices."
        case .frameTooLong(let octets):
            return "trace record frame is \(octets) octets, too long for a pcapng block; "
                + "an IEEE 802.15.4 frame is at most 1023 octets, so pass only the MAC frame."
        case .cannotWrite(let path, let reason):
            return "cannot write the trace to \(path): \(reason); check that the directory exists "
                + "and is writable."
        case .truncated(let offset, let needed):
            return "pcapng input is truncated: the block or field at offset \(offset) needs \(needed) more "
                + "octets than the input holds; the file was cut short, so write it again and read it only "
                + "after PcapngWriter.write(to:) has returned."
        case .invalidBlockLength(let offset, let length):
            return "pcapng block at offset \(offset) has length \(length), which is below 12, too short for "
                + "its block type, or not a multiple of 4; the file is corrupt, so regenerate it."
        case .blockLengthMismatch(let offset, let leading, let trailing):
            return "pcapng block at offset \(offset) starts with length \(leading) but ends with "
                + "\(trailing); the file is corrupt, so regenerate it."
        case .missingSectionHeader(let offset):
            return "pcapng input has a block at offset \(offset) before any Section Header Block; "
                + "this is not a pcapng file (a classic pcap file needs converting with editcap -F pcapng)."
        case .badByteOrderMagic(let offset, let value):
            return "pcapng Section Header Block at offset \(offset) has byte-order magic "
                + "0x\(String(value, radix: 16, uppercase: true)) instead of 0x1A2B3C4D; the file is "
                + "corrupt or not pcapng, so regenerate it."
        case .unsupportedVersion(let offset, let major, let minor):
            return "pcapng Section Header Block at offset \(offset) has version \(major).\(minor); only "
                + "major version 1 is defined, so convert the file with editcap -F pcapng."
        case .malformedOption(let offset):
            return "pcapng option at offset \(offset) runs past the end of its block; the file is "
                + "corrupt, so regenerate it."
        case .unknownInterface(let offset, let interfaceID):
            return "pcapng packet block at offset \(offset) refers to interface \(interfaceID), which the "
                + "section does not describe; the file is corrupt, so regenerate it."
        case .unsupportedLinkType(let offset, let linkType):
            return "pcapng interface at offset \(offset) has link type \(linkType), but swift-uwb traces use "
                + "195 (LINKTYPE_IEEE802_15_4_WITHFCS); read this file with Wireshark instead."
        case .unsupportedTimestampResolution(let offset, let value):
            return "pcapng interface at offset \(offset) has if_tsresol 0x"
                + "\(String(value, radix: 16, uppercase: true)); this reader converts only 10^-0 to "
                + "10^-12 seconds, so convert the file with editcap (for example -F pcapng)."
        case .timestampOutOfRange(let offset):
            return "pcapng packet at offset \(offset) has a timestamp beyond 2^63 picoseconds (about "
                + "106 days); the file is corrupt or not a swift-uwb trace."
        case .capturedLengthTooLong(let offset, let capturedLength):
            return "pcapng packet block at offset \(offset) claims \(capturedLength) captured octets, "
                + "more than the block holds; the file is corrupt, so regenerate it."
        case .missingMetadata(let offset):
            return "pcapng packet block at offset \(offset) has no comment, so its sender and receivers "
                + "are unknown; read only traces written by PcapngWriter."
        case .malformedMetadata(let offset, let reason):
            return "pcapng packet block at offset \(offset) has a malformed metadata comment: \(reason); "
                + "the comment must read like from=alice to=bob:-71.3dBm:received (grammar in "
                + "Sources/UWBEmulator/Trace/TraceMetadataComment.swift)."
        }
    }
}
