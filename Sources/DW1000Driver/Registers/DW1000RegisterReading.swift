import UWBCore

/// A DW1000 register's value as read from a chip, decoded by the register map.
public typealias DW1000RegisterReading = MappedRegisterReading<DW1000Register>

extension MappedRegisterReading where Mapped == DW1000Register {
    /// Reads the whole of `register` (a register file or a sub-register) from chip `chip` on
    /// `bus`, through the driver's own register access, without bringing the chip up: for
    /// bring-up and debugging. It reads whatever ``MappedRegister/readability`` says; callers decide.
    ///
    /// - Throws: ``SPIBusError`` if the bus fails or returns fewer octets than the register has.
    public static func read(_ register: DW1000Register, on bus: any SPIBus, chip: ChipSelect) throws(SPIBusError) -> DW1000RegisterReading {
        DW1000RegisterReading(register: register, octets: try DW1000RegisterPort(bus: bus, chip: chip).read(register))
    }
}
