/// The hardware boundary of the stack: SPI transactions to chips, their interrupt lines and reset.
///
/// Everything a DW1000 driver does is a register transaction on this bus. Two backends are to
/// provide it: an FT232H USB bridge wired to real chips (`UWBUSB`) and the emulator's virtual chips
/// (`UWBEmulator`); today the driver's tests use `FakeSPIBus` from `UWBTestSupport`. Because every
/// backend sits below the same driver, the driver that runs in CI is the driver that runs on the bench.
///
/// Every call is synchronous and blocking: a radio loop owns the bus and calls it from one thread.
/// A bus is not `Sendable`; hand it to the one loop that drives it.
public protocol SPIBus: AnyObject {
    /// How many chip-select lines the bus has.
    var chipCount: Int { get }

    /// Whether sending transactions together through ``transfer(_:on:)-([SPITransaction],_)``
    /// costs less than sending them one by one: `true` for a bus with a costly round trip (USB),
    /// which answers a whole batch at once. The default is `false`: a bus whose transactions cost
    /// nothing (the emulator's) runs a batch one by one, so a driver keeps to single transactions
    /// there, reading registers as numbers, and reads ahead of need only where this is `true`.
    var batchingReducesCost: Bool { get }

    /// Runs one transaction on a chip and returns the octets read (empty for a write).
    ///
    /// - Throws: ``SPIBusError`` if the transaction could not be carried out.
    func transfer(_ transaction: SPITransaction, on chip: ChipSelect) throws(SPIBusError) -> [UInt8]

    /// Runs several transactions on a chip, in order, and returns what each read.
    ///
    /// Buses with a costly round trip (USB) override this to send the whole batch at once.
    ///
    /// - Throws: ``SPIBusError`` if any transaction could not be carried out; later ones are not run.
    func transfer(_ transactions: [SPITransaction], on chip: ChipSelect) throws(SPIBusError) -> [[UInt8]]

    /// Runs one transaction on a chip, like ``transfer(_:on:)-(SPITransaction,_)``, and returns
    /// the first (up to) 8 octets read as one integer, low octet first, with how many octets
    /// were read in all (zero for a write).
    ///
    /// For drivers that read registers as numbers. The default runs
    /// ``transfer(_:on:)-(SPITransaction,_)``; a bus that can answer without building an array of
    /// octets may override it (a bus that logs its transactions does, to log the number).
    ///
    /// - Throws: ``SPIBusError`` if the transaction could not be carried out.
    func transferReadingValue(_ transaction: SPITransaction, on chip: ChipSelect) throws(SPIBusError) -> (value: UInt64, count: Int)

    /// Runs one write transaction on a chip: `header`, then the low `count` octets of `value`,
    /// low octet first (zeros beyond the eighth), like ``transfer(_:on:)-(SPITransaction,_)``
    /// with a ``SPITransaction/Body/write(_:)`` body of those octets.
    ///
    /// For drivers that write registers as numbers. The default builds that transaction and runs
    /// ``transfer(_:on:)-(SPITransaction,_)``; a bus that can take the number without an array of
    /// octets may override it (a bus that logs its transactions does, to log the number).
    ///
    /// - Throws: ``SPIBusError`` if the transaction could not be carried out.
    func transferWritingValue(_ value: UInt64, count: Int, header: [UInt8], on chip: ChipSelect) throws(SPIBusError)

    /// Blocks until the chip's interrupt line is asserted or the deadline passes.
    ///
    /// Used by radio loops that run in real time (hardware, paced emulation). The in-process
    /// emulator's discrete-event loop raises interrupts itself and never waits.
    ///
    /// - Returns: `true` if the line is asserted, `false` if the deadline passed first.
    /// - Throws: ``SPIBusError`` if the line could not be read.
    func waitForInterrupt(on chip: ChipSelect, until deadline: ContinuousClock.Instant) throws(SPIBusError) -> Bool

    /// Pulses the chip's reset line (RSTn) and returns when the chip may be addressed again.
    ///
    /// - Throws: ``SPIBusError`` if the line could not be driven.
    func reset(_ chip: ChipSelect) throws(SPIBusError)
    /// Drives every chip of the bus with `clock` from the next transaction on (one SCK line serves
    /// them all). Buses without a real clock (the emulator's) ignore it; that is the default.
    ///
    /// - Throws: ``SPIBusError`` if the clock could not be changed.
    func useClock(_ clock: SPIClock) throws(SPIBusError)
    /// Lets go of the hardware behind the bus at once, when its driver has stopped, rather than
    /// when the last reference goes: for a device of the emulator service, the service frees it
    /// for the next app. Buses that hold nothing another user needs ignore it; that is the default.
    func release()
}

extension SPIBus {
    /// `false`: a batch costs as much as its transactions one by one.
    public var batchingReducesCost: Bool { false }

    /// Does nothing: a bus without a real clock.
    public func useClock(_ clock: SPIClock) throws(SPIBusError) {}

    /// Does nothing: the bus holds nothing another user needs.
    public func release() {}

    /// Runs the transactions one by one through ``transfer(_:on:)-(SPITransaction,_)``.
    public func transfer(_ transactions: [SPITransaction], on chip: ChipSelect) throws(SPIBusError) -> [[UInt8]] {
        var responses: [[UInt8]] = []
        responses.reserveCapacity(transactions.count)
        for transaction in transactions {
            responses.append(try transfer(transaction, on: chip))
        }
        return responses
    }

    /// Builds the write transaction and runs it through ``transfer(_:on:)-(SPITransaction,_)``.
    public func transferWritingValue(_ value: UInt64, count: Int, header: [UInt8], on chip: ChipSelect) throws(SPIBusError) {
        let octets = (0..<max(0, count)).map { $0 < 8 ? UInt8(truncatingIfNeeded: value >> (8 * $0)) : 0 }
        _ = try transfer(SPITransaction(header: header, body: .write(octets)), on: chip)
    }

    /// Runs the transaction through ``transfer(_:on:)-(SPITransaction,_)`` and combines the first
    /// 8 octets it read, low octet first.
    public func transferReadingValue(_ transaction: SPITransaction, on chip: ChipSelect) throws(SPIBusError) -> (value: UInt64, count: Int) {
        let octets = try transfer(transaction, on: chip)
        var value: UInt64 = 0
        for (index, octet) in octets.prefix(8).enumerated() {
            value |= UInt64(octet) << (8 * index)
        }
        return (value, octets.count)
    }
}
