extension MappedRegister {
    /// Checks that `length` octets from octet `offset` lie inside the register, as every access a
    /// driver builds must.
    ///
    /// - Throws: ``SPIBusError/transferFailed(_:)`` naming the register when they do not: a bug in
    ///   the driver that built the access.
    ///
    /// Inlinable, as ``readTransaction(offset:count:)``: every register access of a driver goes
    /// through them, and a family's driver is another module (Docs/decisions/0020-emulator-performance-rounds.md).
    @inlinable
    public func checkAccess(offset: Int, length: Int) throws(SPIBusError) {
        guard offset >= 0, length >= 0, offset + length <= self.length else {
            throw accessOutside(offset: offset, length: length)
        }
    }

    /// The error of an access of `length` octets from octet `offset` that does not fit the
    /// register: built out of line, so that ``checkAccess(offset:length:)`` stays small enough to
    /// inline.
    @usableFromInline
    func accessOutside(offset: Int, length: Int) -> SPIBusError {
        .transferFailed("\(length) octets at offset \(offset) do not fit \(self); this is a driver bug, please report it")
    }

    /// The transaction that reads `count` octets of the register from octet `offset` (the rest of
    /// the register by default), with the family's ``readHeader(offset:length:)``.
    ///
    /// - Throws: ``SPIBusError/transferFailed(_:)`` when the octets do not lie inside the register
    ///   or the header cannot address them.
    @inlinable
    public func readTransaction(offset: Int = 0, count: Int? = nil) throws(SPIBusError) -> SPITransaction {
        let length = count ?? self.length - offset
        try checkAccess(offset: offset, length: length)
        return SPITransaction(header: try readHeader(offset: offset, length: length), body: .read(count: length))
    }

    /// The error of a read of the register that returned `count` octets instead of `expected`.
    public func shortRead(returned count: Int, expected: Int) -> SPIBusError {
        .transferFailed("read of \(name) returned \(count) octets instead of \(expected)")
    }
}

extension MappedRegisterReading {
    /// Reads the whole of `register` (a register file or a sub-register) from chip `chip` on
    /// `bus`, with its family's SPI header, without bringing the chip up: for bring-up and
    /// debugging. It reads whatever ``MappedRegister/readability`` says; callers decide.
    ///
    /// - Throws: ``SPIBusError`` if the bus fails or returns fewer octets than the register has.
    public static func read(_ register: Mapped, on bus: any SPIBus, chip: ChipSelect) throws(SPIBusError) -> Self {
        let transaction = try register.readTransaction()
        let octets = try bus.transfer(transaction, on: chip)
        guard octets.count == transaction.responseLength else {
            throw register.shortRead(returned: octets.count, expected: transaction.responseLength)
        }
        return Self(register: register, octets: octets)
    }
}
