import UWBCore

/// Register reads and writes to one DW3000 on an SPI bus: the only place the driver builds
/// transactions.
struct DW3000RegisterPort {
    /// The bus the chip is on.
    let bus: any SPIBus
    /// The chip's chip-select line.
    let chip: ChipSelect

    /// Reads `count` octets of `register` from octet `offset` (the whole register by default).
    func read(_ register: DW3000Register, offset: Int = 0, count: Int? = nil) throws(SPIBusError) -> [UInt8] {
        try read([DW3000RegisterRead(register, offset: offset, count: count)])[0]
    }

    /// Reads each of `reads` in one bus transfer: one USB round trip on a bus that batches
    /// (``SPIBus/batchingReducesCost``), the same transactions one by one on any other.
    func read(_ reads: [DW3000RegisterRead]) throws(SPIBusError) -> [[UInt8]] {
        var transactions: [SPITransaction] = []
        for read in reads {
            transactions.append(try read.register.readTransaction(offset: read.offset, count: read.length))
        }
        let answers = try bus.transfer(transactions, on: chip)
        for (read, octets) in zip(reads, answers) where octets.count != read.length {
            throw read.register.shortRead(returned: octets.count, expected: read.length)
        }
        guard answers.count == reads.count else {
            throw .transferFailed("\(reads.count) register reads returned \(answers.count) answers")
        }
        return answers
    }

    /// Reads up to 8 octets of `register` and returns their little-endian value.
    func readValue(_ register: DW3000Register, offset: Int = 0, count: Int? = nil) throws(SPIBusError) -> UInt64 {
        Self.value(of: try read(register, offset: offset, count: count))
    }

    /// The little-endian value of up to 8 octets read from a register.
    static func value(of octets: [UInt8]) -> UInt64 {
        octets.prefix(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// Writes `octets` into `register` from octet `offset`.
    func write(_ register: DW3000Register, octets: [UInt8], offset: Int = 0) throws(SPIBusError) {
        let header = try header(.write, register, offset: offset, length: octets.count)
        _ = try bus.transfer(SPITransaction(header: header, body: .write(octets)), on: chip)
    }

    /// Writes the low `count` octets of `value` (the whole register by default) from octet `offset`.
    func write(_ register: DW3000Register, value: UInt64, offset: Int = 0, count: Int? = nil) throws(SPIBusError) {
        try write(register, octets: Self.octets(value, count: count ?? register.length - offset), offset: offset)
    }

    /// Changes `octets` (1, 2 or 4) octets of `register` at `offset` in one masked write: the chip
    /// keeps the bits set in `and` and then sets those in `or` (UM §2.3.1.2).
    func modify(_ register: DW3000Register, and: UInt64, or: UInt64, octets: Int, offset: Int = 0) throws(SPIBusError) {
        guard let access = DW3000SPIAccess.maskedWrite(octets: octets) else {
            throw .transferFailed("a masked write of \(octets) octets does not exist; this is a driver bug, please report it")
        }
        let header = try header(access, register, offset: offset, length: octets)
        let body = Self.octets(and, count: octets) + Self.octets(or, count: octets)
        _ = try bus.transfer(SPITransaction(header: header, body: .write(body)), on: chip)
    }

    /// Sends a fast command.
    func send(_ command: DW3000FastCommand) throws(SPIBusError) {
        _ = try bus.transfer(SPITransaction(header: command.header, body: .write([])), on: chip)
    }

    /// The low `count` octets of `value`, low octet first (the DW3000's order on SPI).
    static func octets(_ value: UInt64, count: Int) -> [UInt8] {
        (0..<count).map { $0 < 8 ? UInt8(truncatingIfNeeded: value >> (8 * $0)) : 0 }
    }

    /// The header for `length` octets at `offset` inside `register`.
    func header(
        _ access: DW3000SPIAccess, _ register: DW3000Register, offset: Int, length: Int
    ) throws(SPIBusError) -> [UInt8] {
        try register.checkAccess(offset: offset, length: length)
        return try register.header(access, offset: offset)
    }
}
