import UWBCore

/// The SPI bus of an emulated device's chips for a driver on another thread: every operation runs
/// on the ``PacedEmulation``'s thread through ``PacedEmulation/perform(_:)``, at the virtual time
/// the wall clock has reached, while the driver waits. The interrupt line is read as it is then.
///
/// Hand the device's chips over with ``EmulatedDevice/releaseChips()`` first, so that its own
/// radio loop leaves them alone.
public final class SimulationThreadBus: SPIBus {
    private let emulation: PacedEmulation
    private let chips: VirtualBoardBus

    /// A bus to `device`'s chips, run on `emulation`'s thread.
    public init(device: EmulatedDevice, emulation: PacedEmulation) {
        self.emulation = emulation
        chips = VirtualBoardBus(chips: device.chips)
    }

    /// The device's number of chips.
    public var chipCount: Int { chips.chipCount }

    /// Runs the transaction on the emulation's thread.
    public func transfer(_ transaction: SPITransaction, on chip: ChipSelect) throws(SPIBusError) -> [UInt8] {
        try emulation.perform { [chips] () throws(SPIBusError) in try chips.transfer(transaction, on: chip) }
    }

    /// Runs the transactions on the emulation's thread, all in one visit.
    public func transfer(_ transactions: [SPITransaction], on chip: ChipSelect) throws(SPIBusError) -> [[UInt8]] {
        try emulation.perform { [chips] () throws(SPIBusError) in
            var answers: [[UInt8]] = []
            for transaction in transactions {
                answers.append(try chips.transfer(transaction, on: chip))
            }
            return answers
        }
    }

    /// Reads the chip's IRQ line on the emulation's thread, as it is now: the caller's loop polls.
    public func waitForInterrupt(on chip: ChipSelect, until deadline: ContinuousClock.Instant) throws(SPIBusError) -> Bool {
        try emulation.perform { [chips] () throws(SPIBusError) in try chips.waitForInterrupt(on: chip, until: deadline) }
    }

    /// Resets the chip on the emulation's thread.
    public func reset(_ chip: ChipSelect) throws(SPIBusError) {
        try emulation.perform { [chips] () throws(SPIBusError) in try chips.reset(chip) }
    }
}
