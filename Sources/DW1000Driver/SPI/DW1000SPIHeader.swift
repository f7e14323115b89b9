/// The 1–3 octet header that starts every DW1000 SPI transaction (User Manual §2.2.1.2).
///
/// Octet 1: bit 7 = write, bit 6 = a sub-index follows, bits 5–0 = register file ID.
/// Octet 2 (if a sub-index follows): bit 7 = a third octet follows, bits 6–0 = sub-index bits 6–0.
/// Octet 3 (if announced): sub-index bits 14–7.
public struct DW1000SPIHeader: Hashable, Sendable {
    /// The largest register file ID: 0x3F.
    public static let maxFile: UInt8 = 0x3F
    /// The largest sub-index: 0x7FFF.
    public static let maxSubIndex: UInt16 = 0x7FFF

    /// Whether the transaction reads or writes.
    public let operation: DW1000SPIOperation
    /// The register file ID, 0x00–0x3F.
    public let file: UInt8
    /// The octet index inside the file where the body starts, 0x0000–0x7FFF.
    public let subIndex: UInt16

    /// A header for any file and sub-index.
    ///
    /// - Throws: ``DW1000SPIHeaderError/fileOutOfRange(_:)`` when `file` is above 0x3F and
    ///   ``DW1000SPIHeaderError/subIndexOutOfRange(_:)`` when `subIndex` is above 0x7FFF.
    public init(_ operation: DW1000SPIOperation, file: UInt8, subIndex: UInt16 = 0) throws(DW1000SPIHeaderError) {
        guard file <= Self.maxFile else {
            throw .fileOutOfRange(file)
        }
        guard subIndex <= Self.maxSubIndex else {
            throw .subIndexOutOfRange(Int(subIndex))
        }
        self.init(checked: operation, file: file, subIndex: subIndex)
    }

    /// A header addressing the first octet of `register`.
    public init(_ operation: DW1000SPIOperation, register: DW1000Register) {
        self.init(checked: operation, file: register.file & Self.maxFile, subIndex: register.offset & Self.maxSubIndex)
    }

    /// A header addressing octet `offset` of `register`, for example octet 3 of SYS_STATUS or
    /// index 0x136 of TX_BUFFER.
    ///
    /// - Throws: ``DW1000SPIHeaderError/offsetOutsideRegister(register:offset:length:)`` when `offset`
    ///   is negative or not below the register's length, and
    ///   ``DW1000SPIHeaderError/subIndexOutOfRange(_:)`` when the resulting sub-index is above 0x7FFF.
    public init(_ operation: DW1000SPIOperation, register: DW1000Register, offset: Int) throws(DW1000SPIHeaderError) {
        guard offset >= 0, offset < register.length else {
            throw .offsetOutsideRegister(register: register.name, offset: offset, length: register.length)
        }
        let subIndex = Int(register.offset) + offset
        guard subIndex <= Int(Self.maxSubIndex) else {
            throw .subIndexOutOfRange(subIndex)
        }
        try self.init(operation, file: register.file, subIndex: UInt16(subIndex))
    }

    private init(checked operation: DW1000SPIOperation, file: UInt8, subIndex: UInt16) {
        self.operation = operation
        self.file = file
        self.subIndex = subIndex
    }

    /// The header in its shortest form: 1 octet for sub-index 0, 2 for 1–127, 3 for 128 and above.
    public var bytes: [UInt8] {
        Self.bytes(operation, file: file, subIndex: subIndex)
    }

    /// The shortest header for a file ID of at most 0x3F and a sub-index of at most 0x7FFF,
    /// without building an ``DW1000SPIHeader``.
    static func bytes(_ operation: DW1000SPIOperation, file: UInt8, subIndex: UInt16) -> [UInt8] {
        let first = (operation == .write ? 0x80 : 0x00) | file
        if subIndex == 0 {
            return oneOctetHeaders[Int(first)]
        }
        let low = UInt8(truncatingIfNeeded: subIndex & 0x7F)
        if subIndex <= 0x7F {
            return twoOctetHeaders[Int(first & 0x80 != 0 ? 0x40 : 0) | Int(first & maxFile)][Int(low)]
        }
        return [first | 0x40, 0x80 | low, UInt8(truncatingIfNeeded: subIndex >> 7)]
    }

    /// Every 1-octet header (sub-index 0), indexed by its octet (0x40–0x7F, which would announce
    /// a sub-index, are never handed out). Most of the driver's transactions address a whole
    /// register; handing out one of these shared arrays saves allocating a fresh one-element
    /// array per transaction.
    private static let oneOctetHeaders: [[UInt8]] = (0...0xBF).map { [UInt8($0)] }

    /// Every 2-octet header, by direction and file (reads 0x00–0x3F, writes 0x40–0x7F) and then
    /// by sub-index 0x00–0x7F: shared like ``oneOctetHeaders``, for the registers the driver
    /// addresses inside a file (DRX_CONF, PMSC_CTRL0, …) on every frame.
    private static let twoOctetHeaders: [[[UInt8]]] = (0..<0x80).map { index in
        let first = UInt8(index & 0x40 != 0 ? 0x80 : 0) | UInt8(index & 0x3F) | 0x40
        return (0..<0x80).map { [first, UInt8($0)] }
    }

    /// Decodes the header at the start of `bytes`, in any legal form (including a 2-octet header
    /// with sub-index 0 and a 3-octet header with a sub-index below 128).
    ///
    /// - Returns: The header and how many octets it took; the transaction body follows them.
    /// - Throws: ``DW1000SPIHeaderError/empty`` for no octets and
    ///   ``DW1000SPIHeaderError/truncated(expected:actual:)`` when the flags announce more octets than given.
    public static func decode(_ bytes: [UInt8]) throws(DW1000SPIHeaderError) -> (header: DW1000SPIHeader, length: Int) {
        guard let first = bytes.first else {
            throw .empty
        }
        let operation: DW1000SPIOperation = first & 0x80 == 0 ? .read : .write
        let file = first & maxFile
        guard first & 0x40 != 0 else {
            return (DW1000SPIHeader(checked: operation, file: file, subIndex: 0), 1)
        }
        guard bytes.count >= 2 else {
            throw .truncated(expected: 2, actual: bytes.count)
        }
        let low = UInt16(bytes[1] & 0x7F)
        guard bytes[1] & 0x80 != 0 else {
            return (DW1000SPIHeader(checked: operation, file: file, subIndex: low), 2)
        }
        guard bytes.count >= 3 else {
            throw .truncated(expected: 3, actual: bytes.count)
        }
        return (DW1000SPIHeader(checked: operation, file: file, subIndex: low | UInt16(bytes[2]) << 7), 3)
    }
}
