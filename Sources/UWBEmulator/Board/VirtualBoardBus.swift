import UWBCore

/// The SPI bus of an emulated board: each chip select reaches one virtual DW1000.
///
/// Transactions take no virtual time; the interrupt line is reported as it is now, because in the
/// discrete-event simulation the chip raises its interrupt through the radio loop itself.
public final class VirtualBoardBus: SPIBus {
    /// The chips, by chip-select index.
    public let chips: [VirtualDW1000]

    /// Whether the board is still attached. Once ``unplug()`` is called every operation fails
    /// with ``SPIBusError/disconnected(_:)``, as a USB board pulled out of its socket does.
    public private(set) var isAttached = true

    /// A bus to these chips.
    public init(chips: [VirtualDW1000]) {
        self.chips = chips
    }

    /// Detaches the board for good: every later operation fails with ``SPIBusError/disconnected(_:)``.
    public func unplug() {
        isAttached = false
    }

    /// The chip behind `chip`, if the board is attached and has one there.
    private func chip(_ chip: ChipSelect) throws(SPIBusError) -> VirtualDW1000 {
        guard isAttached else { throw .disconnected("the emulated board was unplugged") }
        guard chips.indices.contains(chip.index) else { throw .noSuchChip(chip, chipCount: chips.count) }
        return chips[chip.index]
    }

    /// How many chip selects the board has.
    public var chipCount: Int { chips.count }

    /// Passes the transaction to the chip; a transaction the chip refuses fails the transfer.
    public func transfer(_ transaction: SPITransaction, on chip: ChipSelect) throws(SPIBusError) -> [UInt8] {
        let target = try self.chip(chip)
        do {
            return try target.transfer(transaction)
        } catch {
            throw .transferFailed(error.description)
        }
    }

    /// Passes the transaction to the chip, which answers a read with a number instead of an
    /// array; a transaction the chip refuses fails the transfer.
    public func transferReadingValue(_ transaction: SPITransaction, on chip: ChipSelect) throws(SPIBusError) -> (value: UInt64, count: Int) {
        let target = try self.chip(chip)
        do {
            return try target.transferReadingValue(transaction)
        } catch {
            throw .transferFailed(error.description)
        }
    }

    /// Passes the write to the chip as a number instead of an array; a transaction the chip
    /// refuses fails the transfer.
    public func transferWritingValue(_ value: UInt64, count: Int, header: [UInt8], on chip: ChipSelect) throws(SPIBusError) {
        let target = try self.chip(chip)
        do {
            try target.transferWritingValue(value, count: count, header: header)
        } catch {
            throw .transferFailed(error.description)
        }
    }

    /// The chip's IRQ line right now; the simulation never waits on the wall clock.
    public func waitForInterrupt(on chip: ChipSelect, until deadline: ContinuousClock.Instant) throws(SPIBusError) -> Bool {
        try self.chip(chip).interruptAsserted
    }

    /// Resets the chip as RSTn does.
    public func reset(_ chip: ChipSelect) throws(SPIBusError) {
        try self.chip(chip).hardReset()
    }
}
