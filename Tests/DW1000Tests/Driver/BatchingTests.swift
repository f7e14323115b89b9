import DW1000Driver
import Testing
import UWBCore
import UWBTestSupport

/// The driver on a bus that reports `batchingReducesCost`, as the FT232H's does: the same
/// transactions as on any other bus, grouped into as few batches as the data allow, except the
/// reads of TX_STAMP and RX_FINFO that an interrupt makes ahead of need; on a bus that does not
/// batch, no batch at all.
@Suite("DW1000 register batches on a bus where batching pays")
struct BatchingTests {
    /// The frame of ``presetReception(_:)``.
    static let frame: [UInt8] = [0x41, 0x88, 0x07, 0xCA, 0xDE, 0x57, 0x41, 0x56, 0x45, 0x21]

    /// A good 12-octet frame with TX done, its timestamp, and diagnostics registers.
    static func presetReception(_ bus: FakeSPIBus) {
        bus.preset(file: 0x0F, [0xF0, 0x6F, 0x00, 0x00])            // TX done and RX good
        bus.preset(file: 0x17, [0x34, 0x12, 0x00, 0x00, 0x01])      // TX_STAMP
        bus.preset(file: 0x10, [0x0C, 0x00, 0x80, 0x3E])            // RXFLEN 12, RXPACC 1000
        bus.preset(file: 0x11, frame + [0xAA, 0xBB])
        bus.preset(file: 0x15, [0x00, 0x02, 0x00, 0x00, 0x02, 0x40, 0x2A, 0xB8, 0x0B, 0, 0, 0, 0, 0])
        bus.preset(file: 0x12, [0x10, 0x00, 0xA0, 0x0F, 0x00, 0x00, 0xE8, 0x03])
        bus.preset(file: 0x14, [0x00, 0x00, 0x00, 0x00, 0x20])
        bus.preset(file: 0x27, offset: 0x28, [0x00, 0xFF, 0x1F])
        bus.preset(file: 0x27, offset: 0x2C, [0x00, 0x00])
    }

    /// The reception reads after RX_FINFO, as on every bus.
    static let receptionReads: [FakeSPIBus.Entry] = [
        .read([0x11], count: 10),
        .read([0x15], count: 14),
        .read([0x12], count: 8),
        .read([0x14], count: 5),
        .read([0x67, 0x28], count: 3),
        .read([0x67, 0x2C], count: 2),
    ]

    @Test("a good frame after TX done: SYS_STATUS, TX_STAMP and RX_FINFO in one batch, the rest and the clear in another")
    func reception() throws {
        let batching = try ChipFixture(batching: true)
        let single = try ChipFixture()
        Self.presetReception(batching.bus)
        Self.presetReception(single.bus)
        let events = try batching.driver.handleInterrupt()
        #expect(events == (try single.driver.handleInterrupt()))
        #expect(events.count == 2)
        let status: [FakeSPIBus.Entry] = [.read([0x0F], count: 4), .read([0x17], count: 5), .read([0x10], count: 4)]
        let clear = FakeSPIBus.Entry.write([0x8F], [0xF8, 0x6F, 0x00, 0x00])
        #expect(batching.bus.trace == status + Self.receptionReads + [clear])
        #expect(batching.bus.batches == [0..<3, 3..<10])
        #expect(single.bus.trace == batching.bus.trace, "the same transactions when TX done and RX good are both set")
        #expect(single.bus.batches.isEmpty, "a bus that does not batch gets single transactions")
    }

    @Test("a good frame alone: TX_STAMP is read ahead, in the same first batch, and ignored")
    func receptionReadsAhead() throws {
        let fixture = try ChipFixture(batching: true)
        Self.presetReception(fixture.bus)
        fixture.bus.preset(file: 0x0F, [0x00, 0x6F, 0x00, 0x00])
        let events = try fixture.driver.handleInterrupt()
        #expect(events.count == 1)
        guard case .frameReceived(let received) = events.first else {
            Issue.record("expected a frame, got \(events)")
            return
        }
        #expect(received.frame == Self.frame)
        #expect(received.timestamp == (try DeviceTime(ticks: 0x02_0000_0200)))
        #expect(fixture.bus.trace.prefix(3) == [.read([0x0F], count: 4), .read([0x17], count: 5), .read([0x10], count: 4)])
        #expect(fixture.bus.trace.last == .write([0x8F], [0x00, 0x6F, 0x00, 0x00]))
        #expect(fixture.bus.batches == [0..<3, 3..<10])
    }

    @Test("TX done alone: one read batch, then the clear")
    func transmitted() throws {
        let fixture = try ChipFixture(batching: true)
        fixture.bus.preset(file: 0x0F, [0xF0, 0x00, 0x00, 0x00])
        fixture.bus.preset(file: 0x17, [0x34, 0x12, 0x00, 0x00, 0x01])
        #expect(try fixture.driver.handleInterrupt() == [.transmitted(at: try DeviceTime(ticks: 0x01_0000_1234))])
        #expect(fixture.bus.trace == [
            .read([0x0F], count: 4), .read([0x17], count: 5), .read([0x10], count: 4),
            .write([0x8F], [0xF8, 0x00, 0x00, 0x00]),
        ])
        #expect(fixture.bus.batches == [0..<3, 3..<4])
    }

    @Test("a failed reception: the clear and the receiver reset in one batch")
    func failure() throws {
        let fixture = try ChipFixture(batching: true)
        fixture.bus.preset(file: 0x0F, [0x00, 0x00, 0x02, 0x00])
        #expect(try fixture.driver.handleInterrupt() == [.receiveTimeout])
        #expect(fixture.bus.trace.suffix(4) == [
            .write([0x8F], [0x00, 0x00, 0x02, 0x00]),
            .write([0x8D], [0x40]),
            .write([0xF6, 0x03], [0xE0]),
            .write([0xF6, 0x03], [0xF0]),
        ])
        #expect(fixture.bus.batches == [0..<3, 3..<7])
    }

    @Test("the first-path phase: PMSC_CTRL0 joins the reception batch, the accumulator read and the clear a third")
    func firstPathPhase() throws {
        let batching = try ChipFixture(batching: true)
        let single = try ChipFixture()
        for fixture in [batching, single] {
            fixture.driver.measuresFirstPathPhase = true
            Self.presetReception(fixture.bus)
            fixture.bus.preset(file: 0x0F, [0x00, 0x6F, 0x00, 0x00])
            fixture.bus.preset(file: 0x36, [0x00, 0x02])
        }
        #expect(try batching.driver.handleInterrupt() == (try single.driver.handleInterrupt()))
        #expect(batching.bus.trace == [.read([0x0F], count: 4), .read([0x17], count: 5)] + single.bus.trace.dropFirst())
        #expect(single.bus.trace.first == .read([0x0F], count: 4))
        #expect(batching.bus.trace.suffix(5) == [
            .read([0x36], count: 2),
            .write([0xB6], [0x40, 0x82]),
            .read([0x65, 0xA4, 0x05], count: 5),                      // ACC_MEM at FP_INDEX 169 · 4 = 0x2A4
            .write([0xB6], [0x00, 0x02]),
            .write([0x8F], [0x00, 0x6F, 0x00, 0x00]),
        ])
        #expect(batching.bus.batches == [0..<3, 3..<10, 10..<14])
    }

    @Test("a delayed TX with a response window: every write and the late check in one batch")
    func delayedTransmit() throws {
        let batching = try ChipFixture(batching: true)
        let single = try ChipFixture()
        let window = ResponseWindow(delay: try .microseconds(100), timeout: try .microseconds(500))
        let time = try DeviceTime(ticks: 0x12_3456_789A)
        let stamp = try batching.driver.transmit(TransmitTests.poll, at: time, awaiting: window)
        #expect(stamp == (try single.driver.transmit(TransmitTests.poll, at: time, awaiting: window)))
        #expect(batching.bus.trace == single.bus.trace)
        #expect(batching.bus.trace.count == 8)
        #expect(batching.bus.batches == [0..<8])
        batching.bus.clearTrace()
        _ = try batching.driver.transmit(TransmitTests.poll, at: time, awaiting: window)
        #expect(batching.bus.trace.count == 7, "SYS_CFG, now written, is not written again")
        #expect(batching.bus.batches == [0..<7])
    }

    @Test("a late delayed TX on a batching bus is still turned off and reported")
    func lateTransmit() throws {
        let fixture = try ChipFixture(batching: true)
        fixture.bus.scriptReads(file: 0x0F, offset: 3, [[0x08, 0x00]])
        let time = try DeviceTime(ticks: 0x200)
        #expect(throws: TransceiverError.lateTransmission(scheduled: time)) {
            try fixture.driver.transmit(TransmitTests.poll, at: time, awaiting: nil)
        }
        #expect(fixture.bus.trace.last == .write([0x8D], [0x40]))
        #expect(fixture.bus.batches == [0..<5])
    }

    @Test("the receiver, now or delayed, in one batch each", arguments: [false, true])
    func receiver(delayed: Bool) throws {
        let batching = try ChipFixture(batching: true)
        let single = try ChipFixture()
        let window = ReceiveWindow(
            start: delayed ? try DeviceTime(ticks: 0x01_0000_0000) : nil, timeout: try .milliseconds(1))
        try batching.driver.enableReceiver(window)
        try single.driver.enableReceiver(window)
        #expect(batching.bus.trace == single.bus.trace)
        #expect(batching.bus.batches == [0..<batching.bus.trace.count])
        #expect(single.bus.batches.isEmpty)
    }

    @Test("an impossible frame length ends the interrupt after the first batch")
    func impossibleLength() throws {
        let fixture = try ChipFixture(batching: true)
        fixture.bus.preset(file: 0x0F, [0x00, 0x6F, 0x00, 0x00])
        fixture.bus.preset(file: 0x10, [0xFF, 0x00, 0x00, 0x00])
        #expect(throws: TransceiverError.self) { try fixture.driver.handleInterrupt() }
        #expect(fixture.bus.batches == [0..<3])
    }
}
