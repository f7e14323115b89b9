import UWBCore

/// The part of a pcapng file being written that a reader can take: the blocks from its start up to
/// the last one whose whole length is there, for a trace still growing (the emulator service hands
/// out its trace while it runs; the writer may stop in the middle of a block).
///
/// It reads only the blocks' types and lengths (draft-ietf-opsawg-pcapng §3.1), each section in the
/// byte order its Section Header Block's magic gives (§4.1); ``PcapngReader`` checks the rest.
public enum PcapngWholeBlocks {
    /// How many octets at the start of `bytes` are whole blocks: 0 when not even the first is, or
    /// when the file does not start with a Section Header Block.
    public static func length(of bytes: [UInt8]) -> Int {
        var offset = 0
        var isBigEndian: Bool?
        while bytes.count - offset >= PcapngFormat.blockOverhead {
            let type = word(bytes, at: offset, bigEndian: false)
            if type == PcapngFormat.sectionHeaderBlockType {
                guard bytes.count - offset >= PcapngFormat.blockOverhead + 4 else { break }
                switch word(bytes, at: offset + 8, bigEndian: false) {
                case PcapngFormat.byteOrderMagic: isBigEndian = false
                case PcapngFormat.byteOrderMagic.byteSwapped: isBigEndian = true
                default: return offset
                }
            }
            guard let isBigEndian else { return 0 }
            let length = Int(word(bytes, at: offset + 4, bigEndian: isBigEndian))
            guard length >= PcapngFormat.blockOverhead, length % 4 == 0, length <= bytes.count - offset else { break }
            offset += length
        }
        return offset
    }

    /// The whole blocks at the start of `bytes` (``length(of:)`` octets).
    public static func prefix(of bytes: [UInt8]) -> [UInt8] {
        Array(bytes.prefix(length(of: bytes)))
    }

    /// The 32-bit word at `offset`, in the given byte order.
    private static func word(_ bytes: [UInt8], at offset: Int, bigEndian: Bool) -> UInt32 {
        let octets = bytes[offset..<offset + 4].map(UInt32.init)
        return bigEndian
            ? octets[0] << 24 | octets[1] << 16 | octets[2] << 8 | octets[3]
            : octets[3] << 24 | octets[2] << 16 | octets[1] << 8 | octets[0]
    }
}
