import UWBCore

extension DW3000Register {
    /// The SPI header of an access (`access`) starting at octet `offset` of the register: its
    /// file and sub-address (User Manual §2.3.1.2).
    ///
    /// - Throws: ``SPIBusError/transferFailed(_:)`` when no header reaches that octet (a
    ///   sub-address above 0x7F).
    func header(_ access: DW3000SPIAccess, offset: Int) throws(SPIBusError) -> [UInt8] {
        do {
            return try DW3000SPIHeader(access, file: file, offset: Int(self.offset) + offset).bytes
        } catch {
            throw .transferFailed("cannot address \(self) at offset \(offset): \(error)")
        }
    }

    /// The header of a read at octet `offset`, whatever its length (``header(_:offset:)``).
    public func readHeader(offset: Int, length: Int) throws(SPIBusError) -> [UInt8] {
        try header(.read, offset: offset)
    }
}
