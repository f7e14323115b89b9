/// The numbers of the pcapng file format that swift-uwb traces use (of the air and of UCI traffic).
///
/// Source: "PCAP Next Generation (pcapng) Capture File Format", IETF draft-ietf-opsawg-pcapng
/// (revision -01, 2023), §3.1 (block layout), §3.5 (options), §4.1 (Section Header Block),
/// §4.2 (Interface Description Block), §4.3 (Enhanced Packet Block), and the link-type registry
/// at https://www.tcpdump.org/linktypes.html.
///
/// Every block is: block type (32 bits), block total length (32 bits), body, block total length
/// again. The total length counts all of it and is a multiple of 4; variable-length fields
/// (packet data, option values) are padded with zero octets to a 32-bit boundary (§3.1).
/// An option is: code (16 bits), value length (16 bits, without padding), value, padding (§3.5).
package enum PcapngFormat {
    /// Section Header Block type, 0x0A0D0D0A (§4.1); a palindrome, so it reads the same in
    /// either byte order.
    package static let sectionHeaderBlockType: UInt32 = 0x0A0D_0D0A
    /// Interface Description Block type (§4.2).
    package static let interfaceDescriptionBlockType: UInt32 = 0x0000_0001
    /// Enhanced Packet Block type (§4.3).
    package static let enhancedPacketBlockType: UInt32 = 0x0000_0006
    /// The byte-order magic in every Section Header Block, as written by a writer of the same
    /// byte order as the reader (§4.1); its byte swap means the section is in the other order.
    package static let byteOrderMagic: UInt32 = 0x1A2B_3C4D
    /// The format version written into the Section Header Block: 1.0 (§4.1).
    package static let majorVersion: UInt16 = 1
    /// The minor version written into the Section Header Block (§4.1).
    package static let minorVersion: UInt16 = 0
    /// Section length −1: "not specified", so the section need not be measured first (§4.1).
    package static let unspecifiedSectionLength: Int64 = -1
    /// Snap length 0: "no limit" on the captured packet length (§4.2).
    package static let unlimitedSnapLength: UInt32 = 0
    /// A block's fixed overhead: type, leading length and trailing length (§3.1).
    package static let blockOverhead = 12

    /// The link type of the emulator's traces and captures: LINKTYPE_IEEE802_15_4_WITHFCS, 195.
    ///
    /// The tcpdump.org link-type registry (https://www.tcpdump.org/linktypes.html) defines 195 as
    /// "IEEE 802.15.4 Low-Rate Wireless Networks, with each packet having the FCS at the end of
    /// the frame", and 230 (LINKTYPE_IEEE802_15_4_NOFCS) as the same without the FCS. swift-uwb
    /// chooses 195 because the medium carries whole MAC frames with their 2-octet FCS
    /// (``TraceRecord/frame``): the trace shows exactly what was on the air, and Wireshark's
    /// `wpan` dissector checks the FCS (field `wpan.fcs_ok`), so a frame corrupted by the
    /// emulator shows up as "Bad FCS" instead of being silently re-framed.
    package static let linkTypeIEEE802154WithFCS: UInt16 = 195

    /// The link type of UCI traces: LINKTYPE_FIRA_UCI, 299 (the tcpdump.org link-type registry,
    /// https://www.tcpdump.org/linktypes/LINKTYPE_FIRA_UCI.html: each packet is one UCI packet,
    /// its 4-octet header then its payload). google/pica writes 293 (`src/pcapng.rs`), which the
    /// registry gives to LINKTYPE_USB_2_0_LOW_SPEED (pica's number predates the assignment).
    package static let linkTypeFiraUCI: UInt16 = 299

    /// Option code that ends an option list (`opt_endofopt`, §3.5).
    package static let endOfOptions: UInt16 = 0
    /// Option code of a UTF-8 comment, valid in every block (`opt_comment`, §3.5).
    package static let commentOption: UInt16 = 1
    /// Section Header Block option naming the application that wrote the file (`shb_userappl`, §4.1).
    package static let userApplicationOption: UInt16 = 4
    /// Enhanced Packet Block option of 32 flag bits, the direction in its low two (`epb_flags`, §4.3.1).
    package static let flagsOption: UInt16 = 2
    /// `epb_flags` direction 01: the packet came in on the interface (§4.3.1).
    package static let inboundFlags: UInt32 = 0b01
    /// `epb_flags` direction 10: the packet went out on the interface (§4.3.1).
    package static let outboundFlags: UInt32 = 0b10
    /// Interface Description Block option naming the interface (`if_name`, §4.2).
    package static let interfaceNameOption: UInt16 = 2
    /// Interface Description Block option giving the timestamp resolution (`if_tsresol`, §4.2).
    package static let timestampResolutionOption: UInt16 = 9
    /// The largest option value: its length is a 16-bit field (§3.5).
    package static let maximumOptionLength = Int(UInt16.max)

    /// The application name written into `shb_userappl`.
    package static let userApplication = "swift-uwb"

    /// The number of zero octets that pad `length` octets to a 32-bit boundary (§3.1).
    package static func padding(for length: Int) -> Int {
        (4 - length % 4) % 4
    }
}
