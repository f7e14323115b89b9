import UWBCore

/// An SPI bus whose DW1000s the driver can also reach register by register, without SPI headers:
/// the emulator's board bus, whose chips are objects in the same process.
///
/// A ``DW1000`` on such a bus (and not tracing its transactions) makes every register access
/// through ``directRegisters(on:)``, which spares each access building a header and the chip
/// decoding it; the accesses, their order and what they do are those of the transactions it
/// would send otherwise. A bus to real chips has no reason to conform.
public protocol DW1000RegisterBus: SPIBus {
    /// The registers of the DW1000 on `chip`, or `nil` when that chip select has none (then the
    /// driver sends SPI transactions).
    func directRegisters(on chip: ChipSelect) -> (any DW1000DirectRegisters)?
}
