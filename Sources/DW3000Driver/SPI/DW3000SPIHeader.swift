/// The header of a DW3000 register access (DW3000 User Manual §2.3.1.2, "transaction formats of
/// the SPI interface").
///
/// - Short-addressed (1 octet, sub-address 0, plain read or write): `W 0 a4 a3 a2 a1 a0 0`.
/// - Full-addressed (2 octets): `W 1 a4 a3 a2 a1 a0 s6`, then `s5 s4 s3 s2 s1 s0 m1 m0`, where `a`
///   is the 5-bit base address, `s` the 7-bit sub-address and `m` the mode (``DW3000SPIAccess``).
///
/// Fast commands have their own one-octet form (``DW3000FastCommand/header``).
public struct DW3000SPIHeader: Hashable, Sendable {
    /// The largest base address: 0x1F.
    public static let maxFile: UInt8 = 0x1F
    /// The largest sub-address: 0x7F.
    public static let maxOffset: UInt8 = 0x7F

    /// What the transaction does.
    public let access: DW3000SPIAccess
    /// The base address (register file), 0x00–0x1F.
    public let file: UInt8
    /// The sub-address, 0x00–0x7F.
    public let offset: UInt8

    /// A header for `access` at `offset` of `file`.
    ///
    /// - Throws: ``DW3000SPIHeaderError/addressOutOfRange(file:offset:)`` for a base address above
    ///   0x1F or a sub-address above 0x7F.
    public init(_ access: DW3000SPIAccess, file: UInt8, offset: Int = 0) throws(DW3000SPIHeaderError) {
        guard file <= Self.maxFile, (0...Int(Self.maxOffset)).contains(offset) else {
            throw .addressOutOfRange(file: Int(file), offset: offset)
        }
        self.access = access
        self.file = file
        self.offset = UInt8(offset)
    }

    /// Whether the header is the 1-octet short form: a plain read or write at sub-address 0.
    public var isShort: Bool {
        offset == 0 && (access == .read || access == .write)
    }

    /// The header octets, short when the access allows it.
    public var bytes: [UInt8] {
        let write: UInt8 = access.writes ? 0x80 : 0
        if isShort {
            return [write | file << 1]
        }
        return [write | 0x40 | file << 1 | offset >> 6, (offset & 0x3F) << 2 | access.mode]
    }

    /// Decodes the header at the start of `bytes`: a register access (short or full) or a fast
    /// command.
    ///
    /// - Throws: ``DW3000SPIHeaderError/empty`` for no octets and
    ///   ``DW3000SPIHeaderError/truncated`` for a full-addressed header cut after its first octet.
    public static func decode(_ bytes: [UInt8]) throws(DW3000SPIHeaderError) -> DW3000SPITransactionKind {
        guard let first = bytes.first else { throw .empty }
        let write = first & 0x80 != 0
        let file = (first >> 1) & maxFile
        if first & 0x40 == 0 {
            if write, first & 0x01 != 0, let command = DW3000FastCommand(rawValue: file) {
                return .fastCommand(command)
            }
            return .register(DW3000SPIHeader(checked: write ? .write : .read, file: file, offset: 0), headerLength: 1)
        }
        guard bytes.count >= 2 else { throw .truncated }
        let offset = (first & 0x01) << 6 | bytes[1] >> 2
        let access: DW3000SPIAccess = switch (write, bytes[1] & 0x03) {
        case (false, _): .read
        case (true, 1): .maskedWrite8
        case (true, 2): .maskedWrite16
        case (true, 3): .maskedWrite32
        default: .write
        }
        return .register(DW3000SPIHeader(checked: access, file: file, offset: offset), headerLength: 2)
    }

    private init(checked access: DW3000SPIAccess, file: UInt8, offset: UInt8) {
        self.access = access
        self.file = file
        self.offset = offset
    }
}

/// What the first octets of a DW3000 SPI transaction say it is.
public enum DW3000SPITransactionKind: Hashable, Sendable {
    /// A register access whose header takes `headerLength` octets; the body follows.
    case register(DW3000SPIHeader, headerLength: Int)
    /// A fast command (one octet, no body).
    case fastCommand(DW3000FastCommand)
}
