import DW1000Driver
import Testing
import UWBCore
import UWBTestSupport

/// The driver's receive-everything mode (`uwb capture`), transaction by transaction: the frame
/// filter off (SYS_CFG, SYS_MASK, UM §5.2), then the receiver on with no frame-wait timeout
/// (SYS_CTRL.RXENAB, UM §7.2.15), again after every reception outcome.
@Suite("DW1000 receive-everything mode against a fake bus")
struct ReceiveEverythingDriverTests {
    static let receiverOn = FakeSPIBus.Entry.write([0x8D], [0x00, 0x01])

    @Test("under a frame filter: the filter goes off, then the receiver goes on")
    func filterOff() throws {
        let fixture = try ChipFixture()
        try fixture.driver.filterFrames(FrameFilter(pan: PANIdentifier(rawValue: 0xDECA), shortAddress: 0x0002))
        fixture.bus.clearTrace()
        try fixture.driver.receiveEverything()
        #expect(fixture.bus.trace == [
            .write([0x84], [0x00, 0x12, 0x00, 0x00]),          // SYS_CFG without FFEN and FFAD
            .write([0x8E], [0x80, 0xD0, 0x27, 0x24]),          // SYS_MASK as bring-up left it
            Self.receiverOn,
        ])
        #expect(fixture.driver.frameFilter == nil)
    }

    @Test("without a filter: only the receiver enable, with no timeout (RXWTOE stays clear)")
    func noFilter() throws {
        let fixture = try ChipFixture()
        try fixture.driver.receiveEverything()
        #expect(fixture.bus.trace == [Self.receiverOn])
    }

    @Test("after a receive timeout left RXWTOE set, it is cleared: the receiver listens until turned off")
    func clearsTimeout() throws {
        let fixture = try ChipFixture()
        try fixture.driver.enableReceiver(ReceiveWindow(timeout: try .milliseconds(1)))
        fixture.bus.clearTrace()
        try fixture.driver.receiveEverything()
        #expect(fixture.bus.trace == [.write([0x84], [0x00, 0x12, 0x00, 0x00]), Self.receiverOn])
    }

    @Test("after a CRC error the driver resets the receiver, and receive-everything turns it on again")
    func afterFailure() throws {
        let fixture = try ChipFixture()
        try fixture.driver.receiveEverything()
        fixture.bus.preset(file: 0x0F, [0x00, 0x8F, 0x00, 0x00])    // RXPRD, RXSFDD, LDEDONE, RXPHD and RXFCE (bit 15)
        #expect(try fixture.driver.handleInterrupt() == [.receiveFailed(.frameCheckFailed)])
        fixture.bus.clearTrace()
        try fixture.driver.receiveEverything()
        #expect(fixture.bus.trace == [Self.receiverOn])
    }

    @Test("before configure(_:) it is refused")
    func needsConfiguration() throws {
        let fixture = try ChipFixture(configuredWith: nil)
        #expect(throws: TransceiverError.notConfigured) { try fixture.driver.receiveEverything() }
    }
}
