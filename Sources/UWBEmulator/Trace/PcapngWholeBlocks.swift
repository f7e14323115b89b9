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
        var input = PcapngInput(bytes: bytes)
        var inSection = false
        var offset = 0
        while bytes.count - offset >= PcapngFormat.blockOverhead {
            // A Section Header Block's type reads the same in either byte order.
            if (try? input.uint32(at: offset)) == PcapngFormat.sectionHeaderBlockType {
                input.isBigEndian = false
                switch try? input.uint32(at: offset + 8) {
                case PcapngFormat.byteOrderMagic: input.isBigEndian = false
                case PcapngFormat.byteOrderMagic.byteSwapped: input.isBigEndian = true
                default: return offset
                }
                inSection = true
            }
            guard inSection else { return 0 }
            guard let length = (try? input.uint32(at: offset + 4)).map(Int.init),
                  length >= PcapngFormat.blockOverhead, length % 4 == 0, length <= bytes.count - offset else { break }
            offset += length
        }
        return offset
    }

    /// The whole blocks at the start of `bytes` (``length(of:)`` octets).
    public static func prefix(of bytes: [UInt8]) -> [UInt8] {
        Array(bytes.prefix(length(of: bytes)))
    }
}
