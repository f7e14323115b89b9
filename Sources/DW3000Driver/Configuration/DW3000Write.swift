import UWBCore

/// One register write of a configuration plan: a plain write of a value, or a masked write that
/// keeps some bits and sets others (UM §2.3.1.2).
enum DW3000Write: Hashable, Sendable {
    /// Write the low `count` octets of `value` (the rest of the register by default) at `offset`.
    case value(DW3000Register, UInt64, offset: Int = 0, count: Int? = nil)
    /// Keep the bits of `and`, then set those of `or`, on `octets` octets at `offset`.
    case masked(DW3000Register, and: UInt64, or: UInt64, octets: Int, offset: Int = 0)

    /// Carries out the write.
    func run(on port: DW3000RegisterPort) throws(SPIBusError) {
        switch self {
        case let .value(register, value, offset, count):
            try port.write(register, value: value, offset: offset, count: count)
        case let .masked(register, and, or, octets, offset):
            try port.modify(register, and: and, or: or, octets: octets, offset: offset)
        }
    }
}
