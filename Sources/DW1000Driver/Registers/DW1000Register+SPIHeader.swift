import UWBCore

extension DW1000Register {
    /// Where an access of `count` octets from octet `offset` of the register (the rest of the
    /// register by default) lies in its file: the sub-index of its first octet and its length,
    /// checked as every transaction the driver builds is.
    ///
    /// - Throws: ``SPIBusError/transferFailed(_:)`` when the octets do not lie inside the register
    ///   or no header reaches the first.
    @inline(__always)
    func access(offset: Int, count: Int?) throws(SPIBusError) -> (subIndex: UInt16, length: Int) {
        let length = count ?? self.length - offset
        try checkAccess(offset: offset, length: length)
        return (try subIndex(offset: offset), length)
    }

    /// The sub-index of octet `offset` of the register inside its file: what a header addressing
    /// that octet carries.
    ///
    /// - Throws: ``SPIBusError/transferFailed(_:)`` when no header reaches that octet (an offset
    ///   not inside the register, or a sub-index above 0x7FFF).
    @inline(__always)
    func subIndex(offset: Int) throws(SPIBusError) -> UInt16 {
        let subIndex = Int(self.offset) + offset
        guard offset < length, file <= DW1000SPIHeader.maxFile, subIndex <= Int(DW1000SPIHeader.maxSubIndex) else {
            return try headerSubIndex(offset: offset)
        }
        return UInt16(subIndex)
    }

    /// ``subIndex(offset:)`` through ``DW1000SPIHeader``'s own checks, which give the error: out of
    /// line, so that ``subIndex(offset:)`` stays small enough to inline.
    @inline(never)
    private func headerSubIndex(offset: Int) throws(SPIBusError) -> UInt16 {
        do {
            return try DW1000SPIHeader(.read, register: self, offset: offset).subIndex
        } catch {
            throw .transferFailed("cannot address \(self) at offset \(offset): \(error)")
        }
    }

    /// The SPI header of a read starting at octet `offset` of the register, whatever its length:
    /// the shortest of the three forms that reaches it (User Manual §2.2.1.2).
    ///
    /// - Throws: ``SPIBusError/transferFailed(_:)`` when no header reaches that octet (an offset
    ///   not inside the register, or a sub-index above 0x7FFF).
    public func readHeader(offset: Int, length: Int) throws(SPIBusError) -> [UInt8] {
        DW1000SPIHeader.bytes(.read, file: file, subIndex: try subIndex(offset: offset))
    }
}
