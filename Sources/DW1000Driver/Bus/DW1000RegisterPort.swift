import UWBCore

/// Register reads and writes to one DW1000 on an SPI bus: the only place the driver builds
/// transactions.
///
/// On a bus that reaches the chip's registers without SPI headers (``DW1000RegisterBus``: the
/// emulator's), the reads and writes go to ``direct`` instead, as the same accesses in the same
/// order, checked as the transactions are.
///
/// A class, so that a ``RegisterBatch`` holds one reference to it rather than a copy of the bus
/// and the registers, each retained, on every batch.
final class DW1000RegisterPort {
    /// The bus the chip is on.
    let bus: any SPIBus
    /// The chip's chip-select line.
    let chip: ChipSelect
    /// The bus's ``SPIBus/batchingReducesCost``, asked once (`false` with ``direct``): whether
    /// ``batch(_:)`` sends its accesses as one batch.
    let batches: Bool
    /// The chip's registers, when the bus reaches them without SPI headers.
    let direct: (any DW1000DirectRegisters)?

    /// A port to `chip` on `bus`.
    init(bus: any SPIBus, chip: ChipSelect) {
        self.bus = bus
        self.chip = chip
        let direct = (bus as? any DW1000RegisterBus)?.directRegisters(on: chip)
        self.direct = direct
        self.batches = direct == nil && bus.batchingReducesCost
    }

    // The accesses reach `direct` through optional chaining: binding it with `if let` would
    // retain and release it around every access.

    /// Reads `count` octets of `register` from octet `offset` (the whole register by default).
    func read(_ register: DW1000Register, offset: Int = 0, count: Int? = nil) throws(SPIBusError) -> [UInt8] {
        let access = try register.access(offset: offset, count: count)
        if let octets = try direct?.read(file: register.file, subIndex: access.subIndex, count: access.length) {
            return octets
        }
        let transaction = Self.readTransaction(register, access)
        let octets = try bus.transfer(transaction, on: chip)
        guard octets.count == transaction.responseLength else {
            throw register.shortRead(returned: octets.count, expected: transaction.responseLength)
        }
        return octets
    }

    /// Reads up to 8 octets of `register` and returns their little-endian value.
    ///
    /// The same transaction as ``read(_:offset:count:)``, through
    /// `SPIBus.transferReadingValue(_:on:)`, so that a bus that can skips building an array.
    func readValue(_ register: DW1000Register, offset: Int = 0, count: Int? = nil) throws(SPIBusError) -> UInt64 {
        let access = try register.access(offset: offset, count: count)
        if let value = try direct?.readValue(file: register.file, subIndex: access.subIndex, count: access.length) {
            return value
        }
        let transaction = Self.readTransaction(register, access)
        let read = try bus.transferReadingValue(transaction, on: chip)
        guard read.count == transaction.responseLength else {
            throw register.shortRead(returned: read.count, expected: transaction.responseLength)
        }
        return read.value
    }

    /// Carries out one register write.
    func write(_ write: RegisterWrite) throws(SPIBusError) {
        let access = try write.register.access(offset: write.offset, count: write.octets.count)
        if try direct?.write(file: write.register.file, subIndex: access.subIndex, octets: write.octets) != nil {
            return
        }
        _ = try bus.transfer(Self.writeTransaction(write, access), on: chip)
    }

    /// Writes the low octets of `value` into `register` (the whole register by default).
    ///
    /// The same transaction as ``write(_:)`` of a ``RegisterWrite`` with that value, through
    /// `SPIBus.transferWritingValue(_:count:header:on:)`, so that a bus that can skips building
    /// an array.
    func write(_ register: DW1000Register, value: UInt64, offset: Int = 0, count: Int? = nil) throws(SPIBusError) {
        let access = try register.access(offset: offset, count: count)
        if try direct?.write(file: register.file, subIndex: access.subIndex, value: value, count: access.length) != nil {
            return
        }
        let header = DW1000SPIHeader.bytes(.write, file: register.file, subIndex: access.subIndex)
        try bus.transferWritingValue(value, count: access.length, header: header, on: chip)
    }

    /// Runs `body`'s register accesses as one batch on a bus that batches, or one by one, as the
    /// methods above send them, on a bus that does not; see ``RegisterBatch``.
    ///
    /// On a bus that batches, `body` runs twice: once to list the transactions, once to decode
    /// the answers to the one `transfer([SPITransaction], on:)`. Always inlined, like
    /// ``RegisterBatch``'s accessors, so that a bus that does not batch pays nothing for it (no
    /// call, no retain of the bus; Docs/decisions/0020-emulator-performance-rounds.md, "Batched
    /// register accesses").
    @inline(__always)
    func batch<Result>(_ body: (inout RegisterBatch) throws(SPIBusError) -> Result) throws(SPIBusError) -> Result {
        guard batches else {
            var immediate = RegisterBatch(immediateOn: self)
            return try body(&immediate)
        }
        var listing = RegisterBatch(listingFor: self)
        _ = try body(&listing)
        let transactions = listing.transactions
        let answers = transactions.isEmpty ? [] : try bus.transfer(transactions, on: chip)
        var answering = RegisterBatch(answering: transactions, with: answers, for: self)
        let result = try body(&answering)
        try answering.requireAllAnswered()
        return result
    }

    /// The transaction that carries out `write`.
    func writeTransaction(_ write: RegisterWrite) throws(SPIBusError) -> SPITransaction {
        Self.writeTransaction(write, try write.register.access(offset: write.offset, count: write.octets.count))
    }

    /// The transaction that carries out `write`, whose ``DW1000Register/access(offset:count:)`` is `access`.
    private static func writeTransaction(_ write: RegisterWrite, _ access: (subIndex: UInt16, length: Int)) -> SPITransaction {
        SPITransaction(
            header: DW1000SPIHeader.bytes(.write, file: write.register.file, subIndex: access.subIndex), body: .write(write.octets))
    }

    /// The transaction that reads `register` where its ``DW1000Register/access(offset:count:)`` is
    /// `access`: the register's `readTransaction(offset:count:)`, checked already.
    private static func readTransaction(_ register: DW1000Register, _ access: (subIndex: UInt16, length: Int)) -> SPITransaction {
        SPITransaction(
            header: DW1000SPIHeader.bytes(.read, file: register.file, subIndex: access.subIndex), body: .read(count: access.length))
    }
}
