import UWBCore

/// A DW1000 register's value as read from a chip, decoded by the register map.
public typealias DW1000RegisterReading = MappedRegisterReading<DW1000Register>
