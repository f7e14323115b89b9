import UWBCore

/// A DW1000 register's value as read from a chip, decoded by the register map.
public typealias RegisterReading = MappedRegisterReading<Register>

extension MappedRegisterReading where Mapped == Register {
    /// Reads the whole of `register` (a register file or a sub-register) from chip `chip` on
    /// `bus`, through the driver's own register access, without bringing the chip up: for
    /// bring-up and debugging. It reads whatever ``MappedRegister/readability`` says; callers decide.
    ///
    /// - Throws: ``SPIBusError`` if the bus fails or returns fewer octets than the register has.
    public static func read(_ register: Register, on bus: any SPIBus, chip: ChipSelect) throws(SPIBusError) -> RegisterReading {
        RegisterReading(register: register, octets: try RegisterPort(bus: bus, chip: chip).read(register))
    }
}
