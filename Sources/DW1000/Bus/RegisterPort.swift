import UWBCore

/// Register reads and writes to one DW1000 on an SPI bus: the only place the driver builds
/// transactions.
struct RegisterPort {
    /// The bus the chip is on.
    let bus: any SPIBus
    /// The chip's chip-select line.
    let chip: ChipSelect

    /// Reads `count` octets of `register` from octet `offset` (the whole register by default).
    func read(_ register: Register, offset: Int = 0, count: Int? = nil) throws(SPIBusError) -> [UInt8] {
        let length = count ?? register.length - offset
        let header = try header(.read, register, offset: offset, length: length)
        let octets = try bus.transfer(SPITransaction(header: header, body: .read(count: length)), on: chip)
        guard octets.count == length else {
            throw .transferFailed("read of \(register.name) returned \(octets.count) octets instead of \(length)")
        }
        return octets
    }

    /// Reads up to 8 octets of `register` and returns their little-endian value.
    ///
    /// The same transaction as ``read(_:offset:count:)``, through
    /// `SPIBus.transferReadingValue(_:on:)`, so that a bus that can skips building an array.
    func readValue(_ register: Register, offset: Int = 0, count: Int? = nil) throws(SPIBusError) -> UInt64 {
        let length = count ?? register.length - offset
        let header = try header(.read, register, offset: offset, length: length)
        let read = try bus.transferReadingValue(SPITransaction(header: header, body: .read(count: length)), on: chip)
        guard read.count == length else {
            throw .transferFailed("read of \(register.name) returned \(read.count) octets instead of \(length)")
        }
        return read.value
    }

    /// Carries out one register write.
    func write(_ write: RegisterWrite) throws(SPIBusError) {
        let header = try header(.write, write.register, offset: write.offset, length: write.octets.count)
        _ = try bus.transfer(SPITransaction(header: header, body: .write(write.octets)), on: chip)
    }

    /// Writes the low octets of `value` into `register` (the whole register by default).
    ///
    /// The same transaction as ``write(_:)`` of a ``RegisterWrite`` with that value, through
    /// `SPIBus.transferWritingValue(_:count:header:on:)`, so that a bus that can skips building
    /// an array.
    func write(_ register: Register, value: UInt64, offset: Int = 0, count: Int? = nil) throws(SPIBusError) {
        let length = count ?? register.length - offset
        let header = try header(.write, register, offset: offset, length: length)
        try bus.transferWritingValue(value, count: length, header: header, on: chip)
    }

    /// The SPI header for an access of `length` octets at `offset` inside `register`.
    private func header(
        _ operation: SPIOperation, _ register: Register, offset: Int, length: Int
    ) throws(SPIBusError) -> [UInt8] {
        guard offset >= 0, length >= 0, offset + length <= register.length else {
            throw .transferFailed(
                "\(length) octets at offset \(offset) do not fit \(register); this is a driver bug, please report it")
        }
        let subIndex = Int(register.offset) + offset
        if offset < register.length, register.file <= SPIHeader.maxFile, subIndex <= Int(SPIHeader.maxSubIndex) {
            return SPIHeader.bytes(operation, file: register.file, subIndex: UInt16(subIndex))
        }
        do {
            return try SPIHeader(operation, register: register, offset: offset).bytes
        } catch {
            throw .transferFailed("cannot address \(register) at offset \(offset): \(error)")
        }
    }
}
