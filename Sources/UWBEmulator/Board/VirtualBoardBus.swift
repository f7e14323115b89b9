import UWBCore

/// The SPI bus of an emulated board: each chip select reaches one virtual chip, of either family.
///
/// Transactions take no virtual time; the interrupt line is reported as it is now, because in the
/// discrete-event simulation the chip raises its interrupt through the radio loop itself.
public final class VirtualBoardBus: SPIBus {
    /// The chips, by chip-select index.
    public let chips: [any VirtualChip]

    /// Whether the board is still attached. Once ``unplug()`` is called every operation fails
    /// with ``SPIBusError/disconnected(_:)``, as a USB board pulled out of its socket does.
    public var isAttached: Bool { attached }

    /// The storage behind ``isAttached``, read on every transaction: as a private property, all its
    /// accesses are visible to the optimiser, which can leave out the runtime exclusivity checks.
    private var attached = true

    /// A bus to these chips.
    public init(chips: [any VirtualChip]) {
        self.chips = chips
    }

    /// Detaches the board for good: every later operation fails with ``SPIBusError/disconnected(_:)``.
    public func unplug() {
        attached = false
    }

    /// Checks that the board is attached and has a chip on `chip`. It returns nothing, so that the
    /// callers reach the chip through `chips[chip.index]` without retaining it, which matters at
    /// millions of transactions a second.
    @inline(__always)
    private func check(_ chip: ChipSelect) throws(SPIBusError) {
        try checkAttached()
        guard chips.indices.contains(chip.index) else { throw .noSuchChip(chip, chipCount: chips.count) }
    }

    /// Checks that the board is attached: every operation fails with
    /// ``SPIBusError/disconnected(_:)`` once it is unplugged.
    @inline(__always)
    func checkAttached() throws(SPIBusError) {
        guard attached else { throw .disconnected("the emulated board was unplugged") }
    }

    /// How many chip selects the board has.
    public var chipCount: Int { chips.count }

    /// Passes the transaction to the chip; a transaction the chip refuses fails the transfer.
    public func transfer(_ transaction: SPITransaction, on chip: ChipSelect) throws(SPIBusError) -> [UInt8] {
        try check(chip)
        do {
            return try chips[chip.index].transfer(transaction)
        } catch {
            throw .transferFailed(error.description)
        }
    }

    /// The chip's IRQ line right now; the simulation never waits on the wall clock.
    public func waitForInterrupt(on chip: ChipSelect, until deadline: ContinuousClock.Instant) throws(SPIBusError) -> Bool {
        try check(chip)
        return chips[chip.index].interruptAsserted
    }

    /// Resets the chip as RSTn does.
    public func reset(_ chip: ChipSelect) throws(SPIBusError) {
        try check(chip)
        chips[chip.index].hardReset()
    }
}
