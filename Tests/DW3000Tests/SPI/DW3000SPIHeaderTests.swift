import DW3000Driver
import Testing

/// Golden header octets of every transaction form of DW3000 User Manual §2.3.1.2, written by hand
/// from the bit layouts: short `W 0 a4..a0 0`; full `W 1 a4..a0 s6`, `s5..s0 m1 m0`; fast command
/// `1 0 c4..c0 1`.
@Suite struct DW3000SPIHeaderTests {
    private static let forms: [(DW3000SPIAccess, UInt8, Int, [UInt8])] = [
        (.read, 0x00, 0x00, [0x00]),  // DEV_ID: short read
        (.write, 0x14, 0x00, [0xA8]),  // TX_BUFFER: short write
        (.write, 0x0E, 0x00, [0x9C]),  // CIA_CONF: short write
        (.read, 0x00, 0x44, [0x41, 0x10]),  // SYS_STATUS: full read, sub-address bit 6 in octet 1
        (.write, 0x00, 0x10, [0xC0, 0x40]),  // SYS_CFG: full write
        (.read, 0x0B, 0x10, [0x56, 0x40]),  // OTP_RDATA
        (.maskedWrite8, 0x11, 0x04, [0xE2, 0x11]),  // CLK_CTRL, AND/OR 8 bits
        (.maskedWrite16, 0x0B, 0x08, [0xD6, 0x22]),  // OTP_CFG, AND/OR 16 bits
        (.maskedWrite32, 0x00, 0x10, [0xC0, 0x43]),  // SYS_CFG, AND/OR 32 bits
        (.write, 0x1F, 0x7F, [0xFF, 0xFC]),  // the last address
        (.read, 0x01, 0x00 + 0x04, [0x42, 0x10]),  // TX_ANTD
    ]

    @Test(arguments: 0..<forms.count)
    func registerHeaders(index: Int) throws {
        let (access, file, offset, expected) = Self.forms[index]
        let header = try DW3000SPIHeader(access, file: file, offset: offset)
        #expect(header.bytes == expected)
        #expect(try DW3000SPIHeader.decode(expected) == .register(header, headerLength: expected.count))
    }

    @Test func fastCommands() throws {
        let expected: [(DW3000FastCommand, UInt8)] = [
            (.turnOff, 0x81), (.transmit, 0x83), (.receive, 0x85), (.delayedTransmit, 0x87), (.delayedReceive, 0x89),
            (.transmitAfterTransmitTime, 0x8B), (.receiveAfterTransmitTime, 0x8D), (.transmitAfterReceiveTime, 0x8F),
            (.receiveAfterReceiveTime, 0x91), (.transmitAfterReferenceTime, 0x93), (.receiveAfterReferenceTime, 0x95),
            (.transmitIfClear, 0x97), (.transmitAwaitingResponse, 0x99), (.delayedTransmitAwaitingResponse, 0x9B),
            (.transmitAfterTransmitTimeAwaitingResponse, 0x9D), (.transmitAfterReceiveTimeAwaitingResponse, 0x9F),
            (.transmitAfterReferenceTimeAwaitingResponse, 0xA1), (.transmitIfClearAwaitingResponse, 0xA3),
            (.clearInterrupts, 0xA5), (.toggleDoubleBuffer, 0xA7),
        ]
        #expect(expected.count == DW3000FastCommand.allCases.count)
        for (command, octet) in expected {
            #expect(command.header == [octet])
            #expect(try DW3000SPIHeader.decode([octet]) == .fastCommand(command))
        }
    }

    @Test func refusesAddressesOutsideTheSpace() {
        #expect(throws: DW3000SPIHeaderError.addressOutOfRange(file: 0x20, offset: 0)) {
            try DW3000SPIHeader(.read, file: 0x20)
        }
        #expect(throws: DW3000SPIHeaderError.addressOutOfRange(file: 0x14, offset: 0x80)) {
            try DW3000SPIHeader(.write, file: 0x14, offset: 0x80)
        }
        #expect(throws: DW3000SPIHeaderError.empty) { try DW3000SPIHeader.decode([]) }
        #expect(throws: DW3000SPIHeaderError.truncated) { try DW3000SPIHeader.decode([0x41]) }
    }
}
