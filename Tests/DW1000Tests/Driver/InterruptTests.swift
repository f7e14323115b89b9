import DW1000Driver
import Foundation
import Testing
import UWBCore
import UWBTestSupport

@Suite("DW1000 interrupt handling against a fake bus")
struct InterruptTests {
    @Test("TX done: read TX_STAMP, clear the TX events")
    func transmitted() throws {
        let fixture = try ChipFixture()
        fixture.bus.preset(file: 0x0F, [0xF0, 0x00, 0x00, 0x00])
        fixture.bus.preset(file: 0x17, [0x34, 0x12, 0x00, 0x00, 0x01])
        let events = try fixture.driver.handleInterrupt()
        #expect(events == [.transmitted(at: try DeviceTime(ticks: 0x01_0000_1234))])
        #expect(fixture.bus.trace == [
            .read([0x0F], count: 4),
            .read([0x17], count: 5),
            .write([0x8F], [0xF8, 0x00, 0x00, 0x00]),
        ])
    }

    /// A reception with chosen register values, whose diagnostics are worked out by hand from
    /// the UM §4.7 formulas and the carrier-integrator scale of `Docs/reference/uwb-physics.md` §1.4.
    @Test("good frame: read length, data, timestamp and diagnostics, clear the RX events")
    func received() throws {
        let fixture = try ChipFixture()
        let bus = fixture.bus
        let frame: [UInt8] = [0x41, 0x88, 0x07, 0xCA, 0xDE, 0x57, 0x41, 0x56, 0x45, 0x21]
        bus.preset(file: 0x0F, [0x00, 0x6F, 0x00, 0x00])
        bus.preset(file: 0x10, [0x0C, 0x00, 0x80, 0x3E])            // RXFLEN 12, RXPACC 0x3E8 = 1000
        bus.preset(file: 0x11, frame + [0xAA, 0xBB])
        bus.preset(file: 0x15, [0x00, 0x02, 0x00, 0x00, 0x02,       // RX_STAMP 0x02_0000_0200
                                0x40, 0x2A,                         // FP_INDEX 0x2A40 = 169.0
                                0xB8, 0x0B,                         // FP_AMPL1 3000
                                0, 0, 0, 0, 0])
        bus.preset(file: 0x12, [0x10, 0x00,                         // STD_NOISE
                                0xA0, 0x0F,                         // FP_AMPL2 4000
                                0x00, 0x00,                         // FP_AMPL3 0
                                0xE8, 0x03])                        // CIR_PWR 1000
        bus.preset(file: 0x14, [0x00, 0x00, 0x00, 0x00, 0x20])      // RCPHASE 32 of 128
        bus.preset(file: 0x27, offset: 0x28, [0x00, 0xFF, 0x1F])    // carrier integrator -256
        bus.preset(file: 0x27, offset: 0x2C, [0x00, 0x00])          // RXPACC_NOSAT differs: no correction
        let events = try fixture.driver.handleInterrupt()
        #expect(bus.trace == [
            .read([0x0F], count: 4),
            .read([0x10], count: 4),
            .read([0x11], count: 10),
            .read([0x15], count: 14),
            .read([0x12], count: 8),
            .read([0x14], count: 5),
            .read([0x67, 0x28], count: 3),
            .read([0x67, 0x2C], count: 2),
            .write([0x8F], [0x00, 0x6F, 0x00, 0x00]),
        ])
        guard case .frameReceived(let received) = try #require(events.first), events.count == 1 else {
            Issue.record("expected one received frame, got \(events)")
            return
        }
        #expect(received.frame == frame)
        #expect(received.timestamp == (try DeviceTime(ticks: 0x02_0000_0200)))
        let diagnostics = received.diagnostics
        // RX = 10 log10(1000 · 2^17 / 1000²) − 121.74 = 21.175 − 121.74
        #expect(abs(diagnostics.receivedLevel.dBm - (-100.565)) < 0.001)
        // FP = 10 log10((3000² + 4000²) / 1000²) − 121.74 = 13.979 − 121.74
        #expect(abs(diagnostics.firstPathLevel.dBm - (-107.761)) < 0.001)
        // −256 LSB × −5.73e-4 ppm/LSB at channel 5 = +0.1467 ppm: the transmitter runs fast.
        #expect(abs(diagnostics.clockOffset.partsPerMillion - 0.1467) < 0.0005)
        #expect(abs(diagnostics.carrierPhase.radians - Double.pi / 2) < 1e-12)
        #expect(diagnostics.firstPathIndex == 169)
        #expect(diagnostics.preambleSymbolsAccumulated == 1000)
    }

    @Test("RXPACC equal to RXPACC_NOSAT is corrected by -5 for the standard SFD at 6.8 Mbps")
    func preambleCountCorrection() throws {
        let fixture = try ChipFixture()
        let bus = fixture.bus
        bus.preset(file: 0x0F, [0x00, 0x6F, 0x00, 0x00])
        bus.preset(file: 0x10, [0x0C, 0x00, 0x50, 0x06])            // RXPACC 0x65 = 101
        bus.preset(file: 0x12, [0, 0, 0, 0, 0, 0, 0xE8, 0x03])      // CIR_PWR 1000
        bus.preset(file: 0x27, offset: 0x2C, [0x65, 0x00])          // NOSAT = 101: N = 96
        let events = try fixture.driver.handleInterrupt()
        guard case .frameReceived(let received) = events.first else {
            Issue.record("expected a frame, got \(events)")
            return
        }
        // 10 log10(1000 · 2^17 / 96²) − 121.74 = 41.530 − 121.74
        #expect(abs(received.diagnostics.receivedLevel.dBm - (-80.210)) < 0.001)
    }

    @Test("receive failures map to their events, are cleared, and reset the receiver", arguments: [
        (UInt32(0x0000_A300), TransceiverEvent.receiveFailed(.frameCheckFailed), UInt32(0x0000_A300)),
        (0x0000_1100, .receiveFailed(.phyHeaderError), 0x0000_1100),
        (0x0001_0000, .receiveFailed(.reedSolomonSyncLoss), 0x0001_0000),
        (0x0400_0100, .receiveFailed(.sfdTimeout), 0x0400_0100),
        (0x0020_0000, .receiveFailed(.preambleTimeout), 0x0020_0000),
        (0x0004_2000, .receiveFailed(.leadingEdgeDetectionFailed), 0x0004_2000),
        (0x2000_0000, .receiveFailed(.frameFilterRejected), 0x2000_0000),
        (0x0002_0000, .receiveTimeout, 0x0002_0000),
    ])
    func failures(status: UInt32, event: TransceiverEvent, cleared: UInt32) throws {
        let fixture = try ChipFixture()
        let octets = { (value: UInt32) in (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        fixture.bus.preset(file: 0x0F, octets(status))
        #expect(try fixture.driver.handleInterrupt() == [event])
        #expect(fixture.bus.trace == [
            .read([0x0F], count: 4),
            .write([0x8F], octets(cleared)),
            .write([0x8D], [0x40]),                 // TRXOFF
            .write([0xF6, 0x03], [0xE0]),           // RX-only soft reset (UM §4.1.6)
            .write([0xF6, 0x03], [0xF0]),
        ])
    }

    @Test("TX done and an RX timeout in one interrupt come out in the order they happened")
    func transmitThenTimeout() throws {
        let fixture = try ChipFixture()
        fixture.bus.preset(file: 0x0F, [0xF0, 0x00, 0x02, 0x00])
        let events = try fixture.driver.handleInterrupt()
        #expect(events.count == 2)
        #expect(events.first.map { if case .transmitted = $0 { true } else { false } } == true)
        #expect(events.last == .receiveTimeout)
        #expect(fixture.bus.trace.contains(.write([0x8F], [0xF8, 0x00, 0x02, 0x00])))
    }

    @Test("an interrupt with nothing handled reads status and writes nothing")
    func nothing() throws {
        let fixture = try ChipFixture()
        fixture.bus.preset(file: 0x0F, [0x02, 0x00, 0x00, 0x00])
        #expect(try fixture.driver.handleInterrupt().isEmpty)
        #expect(fixture.bus.trace == [.read([0x0F], count: 4)])
    }

    @Test("an impossible frame length from the bus is an error, not a crash", arguments: [UInt8(0), UInt8(1), UInt8(0xFF)])
    func impossibleLength(lengthOctet: UInt8) throws {
        let fixture = try ChipFixture()
        fixture.bus.preset(file: 0x0F, [0x00, 0x6F, 0x00, 0x00])
        fixture.bus.preset(file: 0x10, [lengthOctet, 0x00, 0x00, 0x00])
        #expect(throws: TransceiverError.self) { try fixture.driver.handleInterrupt() }
    }

    @Test("the IRQ line is read through the bus")
    func waitForInterrupt() throws {
        let fixture = try ChipFixture()
        #expect(try fixture.driver.waitForInterrupt(until: .now) == false)
        fixture.bus.interruptLines[0] = true
        #expect(try fixture.driver.waitForInterrupt(until: .now) == true)
    }
}

@Suite("DW1000 first-path phase on coherent boards")
struct FirstPathPhaseTests {
    @Test("with the option on, the accumulator is read at FP_INDEX with FACE and AMCE on, the dummy octet skipped")
    func firstPathPhase() throws {
        let fixture = try ChipFixture()
        fixture.driver.measuresFirstPathPhase = true
        let bus = fixture.bus
        bus.preset(file: 0x0F, [0x00, 0x6F, 0x00, 0x00])
        bus.preset(file: 0x10, [0x0C, 0x00, 0x80, 0x3E])
        bus.preset(file: 0x15, [0, 0, 0, 0, 0, 0x80, 0xBB])             // FP_INDEX 0xBB80 / 64 = 750.0
        bus.preset(file: 0x14, [0, 0, 0, 0, 0x20])                       // RCPHASE 32/128 of a turn = π/2
        bus.preset(file: 0x36, [0x00, 0x02])                             // PMSC_CTRL0 low octets 0x0200
        // ACC_MEM sample 750 = (real 0, imaginary −1000): phase −π/2. The fake has no dummy octet,
        // so the sample is stored one octet later, where the driver expects it after the dummy.
        bus.preset(file: 0x25, offset: 750 * 4 + 1, [0x00, 0x00, 0x18, 0xFC])
        let events = try fixture.driver.handleInterrupt()
        guard case .frameReceived(let frame) = events.first else {
            Issue.record("expected a frame, got \(events)")
            return
        }
        // −π/2 − π/2 = −π, which wraps to π.
        #expect(abs(try #require(frame.diagnostics.firstPathPhase).radians - Double.pi) < 1e-9)
        #expect(bus.trace.contains(.read([0x36], count: 2)))                       // PMSC_CTRL0
        #expect(bus.trace.contains(.write([0xB6], [0x40, 0x82])))                  // FACE (6) | AMCE (15) on
        #expect(bus.trace.contains(.read([0x65, 0xB8, 0x17], count: 5)))           // ACC_MEM 750·4 = 0xBB8
        #expect(bus.trace.contains(.write([0xB6], [0x00, 0x02])))                  // restored
    }
}
