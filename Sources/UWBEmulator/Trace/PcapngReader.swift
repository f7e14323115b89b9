import UWBCore

/// Reads a pcapng trace written by ``PcapngWriter`` (the emulator's or `uwb capture`'s) back into
/// records: for `uwb plot`, the benchmarks and the tests, and fuzzed as input from outside the
/// program.
///
/// It follows draft-ietf-opsawg-pcapng: it accepts sections of either byte order (the Section
/// Header Block's byte-order magic, §4.1, says which), any number of sections and interfaces,
/// and skips block types it does not use (§3.1: "a block that is not understood is skipped").
/// Every Enhanced Packet Block (§4.3) becomes one ``TraceRecord``; its interface must have link
/// type 195 and a power-of-ten timestamp resolution down to picoseconds, and its `opt_comment`
/// must follow the grammar of `TraceMetadataComment`.
///
/// Malformed input never traps: every block length, field and option is checked against the
/// input's end, and the first problem is thrown as a ``TraceError`` naming its byte offset.
public struct PcapngReader: Hashable, Sendable {
    /// The packets of the trace as records, in file order (which ``PcapngWriter`` makes time
    /// order), with times in picoseconds.
    public let records: [TraceRecord]

    /// The interface facts a packet block needs.
    private struct Interface {
        /// The `if_tsresol` value: timestamps count units of 10^-resolution seconds.
        let resolution: UInt8
    }

    /// Parses a whole pcapng file.
    ///
    /// - Throws: a ``TraceError`` naming the offset of the first truncated, corrupt or
    ///   unsupported block, option or comment.
    public init(bytes: [UInt8]) throws(TraceError) {
        var input = PcapngInput(bytes: bytes)
        var interfaces: [Interface]?
        var records: [TraceRecord] = []
        var offset = 0
        // A pcapng file holds at least one Section Header Block, so empty input is truncated.
        repeat {
            try input.require(PcapngFormat.blockOverhead, at: offset)
            // The Section Header Block type is a palindrome, so it is recognised before the
            // section's byte order is known; other types are read in the current section's order.
            let blockType = try input.uint32(at: offset)
            if blockType == PcapngFormat.sectionHeaderBlockType {
                input.isBigEndian = try Self.sectionIsBigEndian(input, blockOffset: offset)
            } else if interfaces == nil {
                throw .missingSectionHeader(offset: offset)
            }
            let length = try input.uint32(at: offset + 4)
            guard length >= PcapngFormat.blockOverhead, length % 4 == 0 else {
                throw .invalidBlockLength(offset: offset, length: length)
            }
            try input.require(Int(length), at: offset)
            let trailing = try input.uint32(at: offset + Int(length) - 4)
            guard trailing == length else {
                throw .blockLengthMismatch(offset: offset, leading: length, trailing: trailing)
            }
            let block = BlockExtent(offset: offset, length: Int(length))
            switch blockType {
            case PcapngFormat.sectionHeaderBlockType:
                try Self.checkSectionHeader(input, block)
                interfaces = []
            case PcapngFormat.interfaceDescriptionBlockType:
                interfaces?.append(try Self.interface(input, block))
            case PcapngFormat.enhancedPacketBlockType:
                records.append(try Self.record(input, block, interfaces: interfaces ?? []))
            default:
                break
            }
            offset += Int(length)
        } while offset < bytes.count
        self.records = records
    }

    /// Where a block lies in the input.
    private struct BlockExtent {
        /// The offset of the block type field.
        let offset: Int
        /// The block total length.
        let length: Int
        /// The offset of the first body octet, after type and length.
        var bodyStart: Int { offset + 8 }
        /// The offset just past the body, where the trailing length starts.
        var bodyEnd: Int { offset + length - 4 }
        /// The number of body octets.
        var bodyLength: Int { bodyEnd - bodyStart }
    }

    /// Whether the section starting at `blockOffset` is big-endian, from its byte-order magic.
    private static func sectionIsBigEndian(_ input: PcapngInput, blockOffset: Int) throws(TraceError) -> Bool {
        var probe = input
        probe.isBigEndian = false
        let magic = try probe.uint32(at: blockOffset + 8)
        switch magic {
        case PcapngFormat.byteOrderMagic:
            return false
        case PcapngFormat.byteOrderMagic.byteSwapped:
            return true
        default:
            throw .badByteOrderMagic(offset: blockOffset, value: magic)
        }
    }

    /// Checks a Section Header Block's fixed fields: magic (already read), major version 1 (§4.1).
    private static func checkSectionHeader(_ input: PcapngInput, _ block: BlockExtent) throws(TraceError) {
        let fixedLength = 16
        guard block.bodyLength >= fixedLength else {
            throw .invalidBlockLength(offset: block.offset, length: UInt32(truncatingIfNeeded: block.length))
        }
        let major = try input.uint16(at: block.bodyStart + 4)
        let minor = try input.uint16(at: block.bodyStart + 6)
        guard major == PcapngFormat.majorVersion else {
            throw .unsupportedVersion(offset: block.offset, major: major, minor: minor)
        }
    }

    /// The interface an Interface Description Block describes: link type 195 and its
    /// timestamp resolution (§4.2).
    private static func interface(_ input: PcapngInput, _ block: BlockExtent) throws(TraceError) -> Interface {
        let fixedLength = 8
        guard block.bodyLength >= fixedLength else {
            throw .invalidBlockLength(offset: block.offset, length: UInt32(truncatingIfNeeded: block.length))
        }
        let linkType = try input.uint16(at: block.bodyStart)
        guard linkType == PcapngFormat.linkTypeIEEE802154WithFCS else {
            throw .unsupportedLinkType(offset: block.offset, linkType: linkType)
        }
        let options = try PcapngOption.list(in: input, from: block.bodyStart + fixedLength, to: block.bodyEnd)
        var resolution = PcapngTimestamp.defaultResolution
        if let option = options.first(where: { $0.code == PcapngFormat.timestampResolutionOption }),
           let value = option.value.first {
            resolution = value
        }
        guard PcapngTimestamp.isSupported(resolution: resolution) else {
            throw .unsupportedTimestampResolution(offset: block.offset, value: resolution)
        }
        return Interface(resolution: resolution)
    }

    /// The record an Enhanced Packet Block holds (§4.3): interface, timestamp, captured
    /// packet data and the metadata comment.
    private static func record(
        _ input: PcapngInput,
        _ block: BlockExtent,
        interfaces: [Interface]
    ) throws(TraceError) -> TraceRecord {
        let fixedLength = 20
        guard block.bodyLength >= fixedLength else {
            throw .invalidBlockLength(offset: block.offset, length: UInt32(truncatingIfNeeded: block.length))
        }
        let interfaceID = try input.uint32(at: block.bodyStart)
        guard let interface = interfaces.indices.contains(Int(interfaceID)) ? interfaces[Int(interfaceID)] : nil else {
            throw .unknownInterface(offset: block.offset, interfaceID: interfaceID)
        }
        let high = UInt64(try input.uint32(at: block.bodyStart + 4))
        let low = UInt64(try input.uint32(at: block.bodyStart + 8))
        guard let time = PcapngTimestamp.picoseconds(fromUnits: high << 32 | low, resolution: interface.resolution)
        else {
            throw .timestampOutOfRange(offset: block.offset)
        }
        let capturedLength = try input.uint32(at: block.bodyStart + 12)
        let dataStart = block.bodyStart + fixedLength
        let available = block.bodyEnd - dataStart
        guard Int(capturedLength) + PcapngFormat.padding(for: Int(capturedLength)) <= available else {
            throw .capturedLengthTooLong(offset: block.offset, capturedLength: capturedLength)
        }
        let dataEnd = dataStart + Int(capturedLength)
        let optionsStart = dataEnd + PcapngFormat.padding(for: Int(capturedLength))
        let options = try PcapngOption.list(in: input, from: optionsStart, to: block.bodyEnd)
        guard let comment = options.first(where: { $0.code == PcapngFormat.commentOption }) else {
            throw .missingMetadata(offset: block.offset)
        }
        guard let text = String(validating: comment.value, as: UTF8.self) else {
            throw .malformedMetadata(offset: block.offset, reason: "the comment is not UTF-8")
        }
        let metadata: (sender: String, receptions: [TraceReception])
        do {
            metadata = try TraceMetadataComment.parse(text)
        } catch {
            throw .malformedMetadata(offset: block.offset, reason: error.reason)
        }
        return TraceRecord(
            time: time,
            frame: Array(input.bytes[dataStart..<dataEnd]),
            sender: metadata.sender,
            receptions: metadata.receptions
        )
    }
}
