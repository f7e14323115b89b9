import DW1000Driver
import Testing
import UWBCore
import UWBTestSupport

@Suite("DW1000 receiver control against a fake bus")
struct ReceiveTests {
    @Test("RX with a 1 ms timeout: RX_FWTO 975, RXWTOE on, RXENAB")
    func withTimeout() throws {
        let fixture = try ChipFixture()
        try fixture.driver.enableReceiver(ReceiveWindow(timeout: try .milliseconds(1)))
        #expect(fixture.bus.trace == [
            .write([0x8C], [0xCF, 0x03]),                 // ceil(1 ms / 1.0256 µs) = 975 = 0x03CF
            .write([0x84], [0x00, 0x12, 0x00, 0x10]),     // SYS_CFG.RXWTOE (bit 28)
            .write([0x8D], [0x00, 0x01]),                 // SYS_CTRL.RXENAB (bit 8)
        ])
        fixture.bus.clearTrace()
        try fixture.driver.enableReceiver(ReceiveWindow(timeout: try .milliseconds(1)))
        #expect(fixture.bus.trace == [.write([0x8C], [0xCF, 0x03]), .write([0x8D], [0x00, 0x01])])
    }

    @Test("RX without a timeout clears RXWTOE")
    func withoutTimeout() throws {
        let fixture = try ChipFixture()
        try fixture.driver.enableReceiver(ReceiveWindow(timeout: try .milliseconds(1)))
        fixture.bus.clearTrace()
        try fixture.driver.enableReceiver(.untilTurnedOff)
        #expect(fixture.bus.trace == [.write([0x84], [0x00, 0x12, 0x00, 0x00]), .write([0x8D], [0x00, 0x01])])
    }

    @Test("delayed RX: DX_TIME, RXENAB|RXDLYE, HPDWARN check")
    func delayed() throws {
        let fixture = try ChipFixture()
        try fixture.driver.enableReceiver(ReceiveWindow(start: try DeviceTime(ticks: 0x01_0000_0000)))
        #expect(fixture.bus.trace == [
            .write([0x8A], [0x00, 0x00, 0x00, 0x00, 0x01]),
            .write([0x8D], [0x00, 0x03]),
            .read([0x4F, 0x03], count: 1),
        ])
    }

    @Test("a late delayed RX is turned off and reported")
    func lateDelayed() throws {
        let fixture = try ChipFixture()
        fixture.bus.scriptReads(file: 0x0F, offset: 3, [[0x08]])
        let start = try DeviceTime(ticks: 0x200)
        #expect(throws: TransceiverError.lateReception(scheduled: start)) {
            try fixture.driver.enableReceiver(ReceiveWindow(start: start))
        }
        #expect(fixture.bus.trace.suffix(2) == [
            .write([0x8D], [0x40]),
            .write([0x8F], [0xF8, 0xFF, 0x27, 0x24]),
        ])
    }

    @Test("timeouts outside 1 ... 65535 units are refused", arguments: [0.0, 67.3])
    func timeoutRange(milliseconds: Double) throws {
        let fixture = try ChipFixture()
        let window = ReceiveWindow(timeout: try .milliseconds(milliseconds))
        #expect(throws: TransceiverError.self) { try fixture.driver.enableReceiver(window) }
        #expect(fixture.bus.trace.isEmpty)
    }

    @Test("turn off: TRXOFF, then clear every TX and RX event (dwt_forcetrxoff)")
    func turnOff() throws {
        let fixture = try ChipFixture()
        try fixture.driver.turnOff()
        // 0x2427FFF8 = ALL_TX 0xF8 | ALL_RX_GOOD 0x6F00 | ALL_RX_ERR 0x24059000 | ALL_RX_TO 0x220000
        #expect(fixture.bus.trace == [.write([0x8D], [0x40]), .write([0x8F], [0xF8, 0xFF, 0x27, 0x24])])
    }

    @Test("system time is SYS_TIME's five octets")
    func systemTime() throws {
        let fixture = try ChipFixture()
        fixture.bus.preset(file: 0x06, [0x00, 0x02, 0x03, 0x04, 0x05])
        #expect(try fixture.driver.systemTime() == (try DeviceTime(ticks: 0x05_0403_0200)))
        #expect(fixture.bus.trace == [.read([0x06], count: 5)])
    }

    @Test("the capabilities are a single DW1000's")
    func capabilities() throws {
        let capabilities = try ChipFixture().driver.capabilities
        #expect(capabilities.coherentReceivers == 1)
        #expect(capabilities.maximumFrameLength == 127)
        #expect(capabilities.delayedTransmitGranularity == DeviceDuration(ticks: 512))
        #expect(capabilities.maximumReceiveTimeout == DeviceDuration(ticks: 65_535 * 65_536))
    }
}
