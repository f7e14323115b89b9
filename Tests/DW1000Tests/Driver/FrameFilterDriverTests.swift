import DW1000Driver
import Testing
import UWBCore
import UWBTestSupport

/// The driver's frame-filter switch, transaction by transaction: PANADR (UM §7.2.5), SYS_CFG's
/// FFEN, FFBC and frame-type bits (UM §7.2.6), SYS_MASK's MAFFREJ (UM §7.2.16).
@Suite("DW1000 frame filter against a fake bus")
struct FrameFilterDriverTests {
    /// The ranging configuration's SYS_CFG: HIRQ_POL and DIS_DRXB (0x1200).
    static let baseConfiguration: UInt64 = 0x1200

    /// PAN 0xDECA, short address 0x0002, data frames only.
    static let filter = FrameFilter(pan: PANIdentifier(rawValue: 0xDECA), shortAddress: 0x0002)

    @Test("on: PANADR, then SYS_CFG with FFEN and FFAD, then SYS_MASK without MAFFREJ")
    func turnOn() throws {
        let fixture = try ChipFixture()
        try fixture.driver.filterFrames(Self.filter)
        #expect(fixture.bus.trace == [
            .write([0x83], [0x02, 0x00, 0xCA, 0xDE]),         // PANADR: SHORT_ADDR 0x0002, PAN_ID 0xDECA
            .write([0x84], [0x09, 0x12, 0x00, 0x00]),         // SYS_CFG: FFEN (bit 0), FFAD (bit 3)
            .write([0x8E], [0x80, 0xD0, 0x27, 0x04]),         // SYS_MASK: handled events less MAFFREJ (bit 29)
        ])
        #expect(fixture.driver.frameFilter == Self.filter)
    }

    @Test("every frame type and coordinator: FFEN, FFBC, FFAB, FFAD, FFAA and FFAM (SYS_CFG bits 5:0)")
    func everyType() throws {
        let fixture = try ChipFixture()
        try fixture.driver.filterFrames(FrameFilter(
            pan: PANIdentifier(rawValue: 0x1234), shortAddress: 0xABCD,
            frameTypes: [.beacon, .data, .acknowledgement, .macCommand], actsAsCoordinator: true))
        #expect(fixture.bus.trace == [
            .write([0x83], [0xCD, 0xAB, 0x34, 0x12]),
            .write([0x84], [0x3F, 0x12, 0x00, 0x00]),
            .write([0x8E], [0x80, 0xD0, 0x27, 0x04]),
        ])
    }

    @Test("off: SYS_CFG without the filter bits, SYS_MASK as bring-up left it")
    func turnOff() throws {
        let fixture = try ChipFixture()
        try fixture.driver.filterFrames(Self.filter)
        fixture.bus.clearTrace()
        try fixture.driver.filterFrames(nil)
        #expect(fixture.bus.trace == [
            .write([0x84], [0x00, 0x12, 0x00, 0x00]),
            .write([0x8E], [0x80, 0xD0, 0x27, 0x24]),
        ])
        #expect(fixture.driver.frameFilter == nil)
    }

    @Test("the filter stays on when a receive timeout changes SYS_CFG.RXWTOE")
    func keptByReceiverEnable() throws {
        let fixture = try ChipFixture()
        try fixture.driver.filterFrames(Self.filter)
        fixture.bus.clearTrace()
        try fixture.driver.enableReceiver(ReceiveWindow(timeout: try .milliseconds(1)))
        #expect(fixture.bus.trace == [
            .write([0x8C], [0xCF, 0x03]),
            .write([0x84], [0x09, 0x12, 0x00, 0x10]),         // RXWTOE (bit 28) with FFEN and FFAD
            .write([0x8D], [0x00, 0x01]),
        ])
    }

    @Test("the filter stays on through configure(_:)")
    func keptByConfigure() throws {
        let fixture = try ChipFixture()
        try fixture.driver.filterFrames(Self.filter)
        fixture.bus.clearTrace()
        try fixture.driver.configure(.ranging)
        #expect(fixture.bus.trace.first == .write([0x84], [0x09, 0x12, 0x00, 0x00]))
    }

    @Test("before configure(_:) the filter is refused and nothing is written")
    func needsConfiguration() throws {
        let fixture = try ChipFixture(configuredWith: nil)
        #expect(throws: TransceiverError.notConfigured) { try fixture.driver.filterFrames(Self.filter) }
        #expect(fixture.bus.trace.isEmpty)
    }

    @Test("under a filter, a pending AFFREJ is not reported: the interrupt is the timeout's")
    func maskedRejection() throws {
        let fixture = try ChipFixture()
        try fixture.driver.filterFrames(Self.filter)
        fixture.bus.clearTrace()
        fixture.bus.preset(file: 0x0F, [0x00, 0x0B, 0x02, 0x20])    // RXPRD, RXSFDD, RXPHD, RXRFTO, AFFREJ
        #expect(try fixture.driver.handleInterrupt() == [.receiveTimeout])
    }
}
