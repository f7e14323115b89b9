import UWBCore

/// A DW3000 register's value as read from a chip, decoded by the register map.
public typealias DW3000RegisterReading = MappedRegisterReading<DW3000Register>
