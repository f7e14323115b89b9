import DW1000Driver
import Testing

/// SPI transaction headers against the examples of DW1000 User Manual §2.2.1.2.
@Suite struct SPIHeaderTests {
    @Test func readDevIdIsOneOctet() {
        #expect(DW1000SPIHeader(.read, register: .devId).bytes == [0x00])
    }

    @Test func readIndex2OfFile0IsTwoOctets() throws {
        #expect(try DW1000SPIHeader(.read, file: 0x00, subIndex: 2).bytes == [0x40, 0x02])
        #expect(try DW1000SPIHeader(.read, register: .devId, offset: 2).bytes == [0x40, 0x02])
    }

    @Test func writeTxBufferIndex0x136IsThreeOctets() throws {
        #expect(try DW1000SPIHeader(.write, register: .txBuffer, offset: 0x136).bytes == [0xC9, 0xB6, 0x02])
    }

    @Test func writeSysStatusIsOneOctet() {
        #expect(DW1000SPIHeader(.write, register: .sysStatus).bytes == [0x8F])
    }

    @Test func readLdeRxantdUsesTheExtendedForm() {
        #expect(DW1000SPIHeader(.read, register: .ldeRxantd).bytes == [0x6E, 0x84, 0x30])
    }

    @Test func readOctet3OfSysStatus() throws {
        let header = try DW1000SPIHeader(.read, register: .sysStatus, offset: 3)
        #expect(header.subIndex == 3)
        #expect(header.bytes == [0x4F, 0x03])
    }

    @Test func shortestFormBoundaries() throws {
        #expect(try DW1000SPIHeader(.read, file: 0x3F, subIndex: 127).bytes == [0x7F, 0x7F])
        #expect(try DW1000SPIHeader(.read, file: 0x3F, subIndex: 128).bytes == [0x7F, 0x80, 0x01])
        #expect(try DW1000SPIHeader(.write, file: 0x3F, subIndex: 0x7FFF).bytes == [0xFF, 0xFF, 0xFF])
    }

    @Test(arguments: [
        ([0x00], DW1000SPIOperation.read, 0x00, 0, 1),
        ([0x40, 0x02], .read, 0x00, 2, 2),
        ([0xC9, 0xB6, 0x02, 0xA5], .write, 0x09, 0x136, 3),
        ([0x8F], .write, 0x0F, 0, 1),
        ([0x6E, 0x84, 0x30], .read, 0x2E, 0x1804, 3),
        ([0x4F, 0x00], .read, 0x0F, 0, 2),
        ([0xCF, 0x83, 0x00], .write, 0x0F, 3, 3),
        ([0x4F, 0x80, 0x00], .read, 0x0F, 0, 3),
        ([0x00, 0x30, 0x01, 0xCA, 0xDE], .read, 0x00, 0, 1),
    ] as [([UInt8], DW1000SPIOperation, UInt8, UInt16, Int)])
    func decodesEveryLegalForm(bytes: [UInt8], operation: DW1000SPIOperation, file: UInt8, subIndex: UInt16, length: Int) throws {
        let decoded = try DW1000SPIHeader.decode(bytes)
        #expect(decoded.header == (try DW1000SPIHeader(operation, file: file, subIndex: subIndex)))
        #expect(decoded.length == length)
    }

    @Test func decodeRoundTripsEncode() throws {
        for subIndex: UInt16 in [0, 1, 127, 128, 0x136, 0x1804, 0x7FFF] {
            let header = try DW1000SPIHeader(.write, file: 0x2E, subIndex: subIndex)
            let decoded = try DW1000SPIHeader.decode(header.bytes)
            #expect(decoded.header == header)
            #expect(decoded.length == header.bytes.count)
        }
    }

    @Test func decodeRejectsEmptyAndTruncatedHeaders() {
        #expect(throws: DW1000SPIHeaderError.empty) { try DW1000SPIHeader.decode([]) }
        #expect(throws: DW1000SPIHeaderError.truncated(expected: 2, actual: 1)) { try DW1000SPIHeader.decode([0x40]) }
        #expect(throws: DW1000SPIHeaderError.truncated(expected: 3, actual: 2)) { try DW1000SPIHeader.decode([0xC9, 0xB6]) }
    }

    @Test func rejectsOutOfRangeAddresses() {
        #expect(throws: DW1000SPIHeaderError.fileOutOfRange(0x40)) { try DW1000SPIHeader(.read, file: 0x40) }
        #expect(throws: DW1000SPIHeaderError.subIndexOutOfRange(0x8000)) {
            try DW1000SPIHeader(.read, file: 0x00, subIndex: 0x8000)
        }
    }

    @Test func rejectsOffsetsOutsideTheRegister() throws {
        #expect(throws: DW1000SPIHeaderError.offsetOutsideRegister(register: "SYS_STATUS", offset: 5, length: 5)) {
            try DW1000SPIHeader(.read, register: .sysStatus, offset: 5)
        }
        #expect(throws: DW1000SPIHeaderError.offsetOutsideRegister(register: "TX_BUFFER", offset: -1, length: 1024)) {
            try DW1000SPIHeader(.write, register: .txBuffer, offset: -1)
        }
        #expect(try DW1000SPIHeader(.write, register: .txBuffer, offset: 1023).subIndex == 1023)
    }

    @Test func errorDescriptionsSayWhatToDo() {
        #expect(DW1000SPIHeaderError.truncated(expected: 3, actual: 2).description.contains("pass the whole header"))
        #expect(DW1000SPIHeaderError.fileOutOfRange(0x40).description.hasPrefix("register file 0x40 is beyond 0x3F"))
    }
}
