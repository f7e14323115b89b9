import UWBCore

/// The registers of one DW1000, read and written by register file ID and sub-index
/// (``DW1000RegisterBus``).
///
/// Each method is one SPI transaction without its header: it does what the transaction with a
/// ``DW1000SPIHeader`` of the same direction, file and sub-index, and the same body, does, fails
/// as it fails, and answers what it answers. So a read of ACC_MEM answers its dummy octet first
/// (UM §7.2.38). Callers pass a file of at most 0x3F and a sub-index of at most 0x7FFF.
public protocol DW1000DirectRegisters: AnyObject {
    /// Reads `count` octets from sub-index `subIndex` of register file `file`.
    ///
    /// - Throws: ``SPIBusError`` if the transaction could not be carried out.
    func read(file: UInt8, subIndex: UInt16, count: Int) throws(SPIBusError) -> [UInt8]

    /// Reads `count` octets from sub-index `subIndex` of register file `file` and returns the
    /// first (up to) 8 as one integer, low octet first.
    ///
    /// - Throws: ``SPIBusError`` if the transaction could not be carried out.
    func readValue(file: UInt8, subIndex: UInt16, count: Int) throws(SPIBusError) -> UInt64

    /// Writes `octets` from sub-index `subIndex` of register file `file`.
    ///
    /// - Throws: ``SPIBusError`` if the transaction could not be carried out.
    func write(file: UInt8, subIndex: UInt16, octets: [UInt8]) throws(SPIBusError)

    /// Writes the low `count` octets of `value`, low octet first (zeros beyond the eighth), from
    /// sub-index `subIndex` of register file `file`.
    ///
    /// - Throws: ``SPIBusError`` if the transaction could not be carried out.
    func write(file: UInt8, subIndex: UInt16, value: UInt64, count: Int) throws(SPIBusError)
}
