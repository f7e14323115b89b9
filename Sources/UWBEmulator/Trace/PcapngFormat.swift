/// The numbers of the pcapng file format that swift-uwb traces use.
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
enum PcapngFormat {
    /// Section Header Block type, 0x0A0D0D0A (§4.1); a palindrome, so it reads the same in
    /// either byte order.
    static let sectionHeaderBlockType: UInt32 = 0x0A0D_0D0A
    /// Interface Description Block type (§4.2).
    static let interfaceDescriptionBlockType: UInt32 = 0x0000_0001
    /// Enhanced Packet Block type (§4.3).
    static let enhancedPacketBlockType: UInt32 = 0x0000_0006
    /// The byte-order magic in every Section Header Block, as written by a writer of the same
    /// byte order as the reader (§4.1); its byte swap means the section is in the other order.
    static let byteOrderMagic: UInt32 = 0x1A2B_3C4D
    /// The format version written into the Section Header Block: 1.0 (§4.1).
    static let majorVersion: UInt16 = 1
    /// The minor version written into the Section Header Block (§4.1).
    static let minorVersion: UInt16 = 0
    /// Section length −1: "not specified", so the section need not be measured first (§4.1).
    static let unspecifiedSectionLength: Int64 = -1
    /// Snap length 0: "no limit" on the captured packet length (§4.2).
    static let unlimitedSnapLength: UInt32 = 0
    /// A block's fixed overhead: type, leading length and trailing length (§3.1).
    static let blockOverhead = 12

    /// The link type of the single interface: LINKTYPE_IEEE802_15_4_WITHFCS, 195.
    ///
    /// The tcpdump.org link-type registry (https://www.tcpdump.org/linktypes.html) defines 195 as
    /// "IEEE 802.15.4 Low-Rate Wireless Networks, with each packet having the FCS at the end of
    /// the frame", and 230 (LINKTYPE_IEEE802_15_4_NOFCS) as the same without the FCS. swift-uwb
    /// chooses 195 because the medium carries whole MAC frames with their 2-octet FCS
    /// (``TraceRecord/frame``): the trace shows exactly what was on the air, and Wireshark's
    /// `wpan` dissector checks the FCS (field `wpan.fcs_ok`), so a frame corrupted by the
    /// emulator shows up as "Bad FCS" instead of being silently re-framed.
    static let linkTypeIEEE802154WithFCS: UInt16 = 195

    /// Option code that ends an option list (`opt_endofopt`, §3.5).
    static let endOfOptions: UInt16 = 0
    /// Option code of a UTF-8 comment, valid in every block (`opt_comment`, §3.5).
    static let commentOption: UInt16 = 1
    /// Section Header Block option naming the application that wrote the file (`shb_userappl`, §4.1).
    static let userApplicationOption: UInt16 = 4
    /// Interface Description Block option naming the interface (`if_name`, §4.2).
    static let interfaceNameOption: UInt16 = 2
    /// Interface Description Block option giving the timestamp resolution (`if_tsresol`, §4.2).
    static let timestampResolutionOption: UInt16 = 9
    /// The largest option value: its length is a 16-bit field (§3.5).
    static let maximumOptionLength = Int(UInt16.max)

    /// The application name written into `shb_userappl`.
    static let userApplication = "swift-uwb"
    /// The interface name written into `if_name`.
    static let interfaceName = "uwb-emulator"

    /// The number of zero octets that pad `length` octets to a 32-bit boundary (§3.1).
    static func padding(for length: Int) -> Int {
        (4 - length % 4) % 4
    }
}
