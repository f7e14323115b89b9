import UWBCore

extension DW1000RegisterPort {
    /// The transaction that reads `count` octets of ACC_MEM from octet `offset`: it clocks in one
    /// octet more than it covers, because the accumulator answers a dummy octet first whatever the
    /// sub-index (UM §7.2.38), so a read of the last sample runs one octet past the register's end.
    ///
    /// - Throws: ``SPIBusError/transferFailed(_:)`` if the octets do not lie within ACC_MEM (a
    ///   driver bug: callers check the sample range first).
    func accumulatorReadTransaction(offset: Int, count: Int) throws(SPIBusError) -> SPITransaction {
        let register = DW1000Register.accMem
        guard offset >= 0, count > 0, offset + count <= register.length else {
            throw .transferFailed(
                "\(count) octets at offset \(offset) do not fit \(register); this is a driver bug, please report it")
        }
        let header: [UInt8]
        do {
            header = try DW1000SPIHeader(.read, register: register, offset: offset).bytes
        } catch {
            throw .transferFailed("cannot address \(register) at offset \(offset): \(error)")
        }
        return SPITransaction(header: header, body: .read(count: DW1000Constants.accumulatorDummyOctets + count))
    }
}
