import UWBCore

extension DW1000Register {
    /// The SPI header of an access (`operation`) starting at octet `offset` of the register: the
    /// shortest of the three forms that reaches it (User Manual §2.2.1.2).
    ///
    /// - Throws: ``SPIBusError/transferFailed(_:)`` when no header reaches that octet (a sub-index
    ///   above 0x7FFF).
    func header(_ operation: DW1000SPIOperation, offset: Int) throws(SPIBusError) -> [UInt8] {
        let subIndex = Int(self.offset) + offset
        if offset < length, file <= DW1000SPIHeader.maxFile, subIndex <= Int(DW1000SPIHeader.maxSubIndex) {
            return DW1000SPIHeader.bytes(operation, file: file, subIndex: UInt16(subIndex))
        }
        do {
            return try DW1000SPIHeader(operation, register: self, offset: offset).bytes
        } catch {
            throw .transferFailed("cannot address \(self) at offset \(offset): \(error)")
        }
    }

    /// The header of a read at octet `offset`, whatever its length (``header(_:offset:)``).
    public func readHeader(offset: Int, length: Int) throws(SPIBusError) -> [UInt8] {
        try header(.read, offset: offset)
    }
}
