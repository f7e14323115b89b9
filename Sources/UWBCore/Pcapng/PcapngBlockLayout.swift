/// The blocks every swift-uwb pcapng file is made of, whatever it traces (frames on the air, UCI
/// packets): the Section Header Block that opens it, Interface Description Blocks and Enhanced
/// Packet Blocks, in little-endian byte order (draft-ietf-opsawg-pcapng §4.1–§4.3).
package enum PcapngBlockLayout {
    /// The Section Header Block: byte-order magic, version 1.0, unspecified section length,
    /// `shb_userappl` "swift-uwb" (§4.1).
    package static let sectionHeader: [UInt8] = {
        var builder = PcapngBlockBuilder()
        builder.append(PcapngFormat.byteOrderMagic)
        builder.append(PcapngFormat.majorVersion)
        builder.append(PcapngFormat.minorVersion)
        builder.append(UInt64(bitPattern: PcapngFormat.unspecifiedSectionLength))
        builder.appendOption(code: PcapngFormat.userApplicationOption, value: Array(PcapngFormat.userApplication.utf8))
        builder.appendEndOfOptions()
        return builder.block(type: PcapngFormat.sectionHeaderBlockType) ?? []
    }()

    /// An Interface Description Block (§4.2): `linkType`, reserved, unlimited snap length,
    /// `if_name` `name` (cut to what an option holds) and `if_tsresol` 9 (nanoseconds,
    /// ``PcapngTimestamp/writtenResolution``).
    package static func interfaceDescription(linkType: UInt16, name: String) -> [UInt8] {
        var builder = PcapngBlockBuilder()
        builder.append(linkType)
        builder.append(UInt16(0))
        builder.append(PcapngFormat.unlimitedSnapLength)
        let name = Array(name.utf8.prefix(PcapngFormat.maximumOptionLength))
        builder.appendOption(code: PcapngFormat.interfaceNameOption, value: name)
        builder.appendOption(code: PcapngFormat.timestampResolutionOption, value: [PcapngTimestamp.writtenResolution])
        builder.appendEndOfOptions()
        return builder.block(type: PcapngFormat.interfaceDescriptionBlockType) ?? []
    }

    /// An Enhanced Packet Block (§4.3): `interface`, the timestamp in `nanoseconds` since the Unix
    /// epoch (high 32 bits, then low 32 bits), captured and original length (both `data`'s),
    /// `data` padded, then `options` in order (each value at most
    /// ``PcapngFormat/maximumOptionLength`` octets: callers check) and `opt_endofopt`.
    ///
    /// Returns nil when `data` is too long for a block's 32-bit length.
    package static func enhancedPacket(
        interface: UInt32, nanoseconds: UInt64, data: [UInt8], options: [(code: UInt16, value: [UInt8])]
    ) -> [UInt8]? {
        guard let length = UInt32(exactly: data.count) else { return nil }
        var builder = PcapngBlockBuilder()
        builder.append(interface)
        builder.append(UInt32(truncatingIfNeeded: nanoseconds >> 32))
        builder.append(UInt32(truncatingIfNeeded: nanoseconds))
        builder.append(length)
        builder.append(length)
        builder.appendPadded(data)
        for option in options {
            builder.appendOption(code: option.code, value: option.value)
        }
        builder.appendEndOfOptions()
        return builder.block(type: PcapngFormat.enhancedPacketBlockType)
    }
}
