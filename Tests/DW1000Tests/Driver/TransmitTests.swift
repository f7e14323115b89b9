import DW1000Driver
import Testing
import UWBCore
import UWBTestSupport

@Suite("DW1000 transmission against a fake bus")
struct TransmitTests {
    /// The Decawave example poll frame without its FCS (ex_05a `tx_poll_msg`).
    static let poll: [UInt8] = [0x41, 0x88, 0x00, 0xCA, 0xDE, 0x57, 0x41, 0x56, 0x45, 0x21]

    @Test("delayed TX: buffer, length, DX_TIME, TXSTRT|TXDLYS, late check; stamp on the 512-tick grid plus TX_ANTD")
    func delayed() throws {
        let fixture = try ChipFixture()
        let time = try DeviceTime(ticks: 0x12_3456_789A)
        let stamp = try fixture.driver.transmit(Self.poll, at: time, awaiting: nil)
        #expect(fixture.bus.trace == [
            .write([0x89], Self.poll),                                  // TX_BUFFER
            .write([0x88], [0x0C, 0xC0, 0x16, 0x00]),                   // TX_FCTRL: TFLEN 12 (10 + FCS)
            .write([0x8A], [0x9A, 0x78, 0x56, 0x34, 0x12]),             // DX_TIME
            .write([0x8D], [0x06]),                                     // SYS_CTRL = TXSTRT | TXDLYS
            .read([0x4F, 0x03], count: 2),                              // SYS_STATUS octets 3-4: HPDWARN, TXPUTE
        ])
        // UM §3.3: TX_STAMP = (DX_TIME & ~0x1FF) + TX_ANTD = 0x12_3456_7800 + 16436.
        #expect(stamp == (try DeviceTime(ticks: 0x12_3456_7800 + 16_436)))
    }

    @Test("the predicted stamp wraps past 2^40")
    func delayedStampWraps() throws {
        let fixture = try ChipFixture()
        let stamp = try fixture.driver.transmit(Self.poll, at: .max, awaiting: nil)
        #expect(stamp == (try DeviceTime(ticks: 16_436 - 512)))
    }

    @Test("a late delayed TX (HPDWARN or TXPUTE) is turned off and reported", arguments: [
        [UInt8(0x08), 0x00], [0x00, 0x04],
    ])
    func late(status: [UInt8]) throws {
        let fixture = try ChipFixture()
        fixture.bus.scriptReads(file: 0x0F, offset: 3, [status])
        let time = try DeviceTime(ticks: 0x200)
        #expect(throws: TransceiverError.lateTransmission(scheduled: time)) {
            try fixture.driver.transmit(Self.poll, at: time, awaiting: nil)
        }
        #expect(fixture.bus.trace.last == .write([0x8D], [0x40]))     // TRXOFF
    }

    @Test("immediate TX with a response window: W4R_TIM, RX_FWTO, RXWTOE, TXSTRT|WAIT4RESP")
    func immediateWithResponse() throws {
        let fixture = try ChipFixture()
        let window = ResponseWindow(delay: try .microseconds(100), timeout: try .microseconds(500))
        try fixture.driver.transmitImmediately(Self.poll, awaiting: window)
        #expect(fixture.bus.trace == [
            .write([0x89], Self.poll),
            .write([0x88], [0x0C, 0xC0, 0x16, 0x00]),
            .write([0x9A], [0x61, 0x00, 0x00, 0x00]),                   // W4R_TIM = floor(100 µs / 1.0256 µs) = 97: never late
            .write([0x8C], [0xE8, 0x01]),                               // RX_FWTO = ceil(500 / 1.0256) = 488
            .write([0x84], [0x00, 0x12, 0x00, 0x10]),                   // SYS_CFG.RXWTOE
            .write([0x8D], [0x82]),                                     // TXSTRT | WAIT4RESP
        ])
    }

    @Test("frames longer than 125 octets (127 with FCS) are refused before touching the chip")
    func tooLong() throws {
        let fixture = try ChipFixture()
        #expect(throws: TransceiverError.frameTooLong(length: 128, maximum: 127)) {
            try fixture.driver.transmitImmediately([UInt8](repeating: 0, count: 126), awaiting: nil)
        }
        #expect(fixture.bus.trace.isEmpty)
        try fixture.driver.transmitImmediately([UInt8](repeating: 0, count: 125), awaiting: nil)
    }

    @Test("transmitting before configure is refused")
    func notConfigured() throws {
        let fixture = try ChipFixture(configuredWith: nil)
        #expect(throws: TransceiverError.notConfigured) {
            try fixture.driver.transmitImmediately(Self.poll, awaiting: nil)
        }
    }

    @Test("a response delay beyond W4R_TIM's 20 bits is refused")
    func responseDelayRange() throws {
        let fixture = try ChipFixture()
        let tooLong = ResponseWindow(delay: try .milliseconds(1100))
        #expect(throws: TransceiverError.self) { try fixture.driver.transmitImmediately(Self.poll, awaiting: tooLong) }
    }
}
