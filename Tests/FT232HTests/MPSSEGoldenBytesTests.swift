import FT232H
import FT232HEmulation
import Testing
import UWBCore

/// The bytes on the wire, checked against `Docs/reference/ftdi-mpsse.md` rather than against the code.
@Suite("MPSSE golden bytes")
struct MPSSEGoldenBytesTests {
    // ftdi-mpsse.md: Docs/reference/ftdi-mpsse.md.
    @Test("open: the control requests of ftdi-mpsse.md §2.1 to interface A, then sync and configuration")
    func openSequence() throws {
        let (link, bus) = try FT232HFixtures.rig()
        try bus.open()
        #expect(link.controlRequests == [
            EmulatedControlRequest(request: 0x00, value: 0x0000, index: 1),  // SIO reset
            EmulatedControlRequest(request: 0x00, value: 0x0001, index: 1),  // purge host→chip
            EmulatedControlRequest(request: 0x00, value: 0x0002, index: 1),  // purge chip→host
            EmulatedControlRequest(request: 0x09, value: 0x0002, index: 1),  // latency 2 ms
            EmulatedControlRequest(request: 0x0B, value: 0x0000, index: 1),  // bit mode reset
            EmulatedControlRequest(request: 0x0B, value: 0x020B, index: 1),  // MPSSE, SCK MOSI CS outputs
        ])
        #expect(link.bulkWrites == [
            [0xAA, 0x87],
            // 60 MHz, 3-phase off, adaptive off, loopback off, 2 MHz = 30 MHz / (1 + 14), CS high, ACBUS inputs.
            [0x8A, 0x8D, 0x97, 0x85, 0x86, 0x0E, 0x00, 0x80, 0x08, 0x0B, 0x82, 0x00, 0x00],
        ])
        #expect(link.bulkReads == [[0x32, 0x60, 0xFA, 0xAA]])
        #expect(link.latencyTimer == 2)
        #expect(link.bitMode == 0x02)
    }

    @Test("open on the dual board drives the second chip's CS (ACBUS0) high as an output")
    func openDual() throws {
        let (link, bus) = try FT232HFixtures.rig("ft232h-dw1000-dual")
        try bus.open()
        #expect(link.bulkWrites.last == [0x8A, 0x8D, 0x97, 0x85, 0x86, 0x0E, 0x00, 0x80, 0x08, 0x0B, 0x82, 0x01, 0x01])
    }

    @Test("DEV_ID read: the worked example of ftdi-mpsse.md §7.2, byte for byte")
    func deviceIDWorkedExample() throws {
        let (link, bus) = try FT232HFixtures.openRig()
        let before = bus.statistics
        let octets = try bus.transfer(FT232HFixtures.readDeviceID, on: .first)
        #expect(octets == [0x30, 0x01, 0xCA, 0xDE])
        #expect(link.bulkWrites.last == [0x80, 0x00, 0x0B, 0x11, 0x00, 0x00, 0x00, 0x20, 0x03, 0x00, 0x80, 0x08, 0x0B, 0x87])
        #expect(link.bulkReads.last == [0x32, 0x60, 0x30, 0x01, 0xCA, 0xDE])
        let cost = bus.statistics.since(before)
        #expect(cost.roundTrips == 1 && cost.bulkWrites == 1 && cost.bulkReads == 1)
        #expect(cost.bytesWritten == 14 && cost.bytesRead == 6 && cost.payloadBytesRead == 4)
    }

    @Test("CS on ACBUS0: the second chip of the dual board is selected with 0x82")
    func chipSelectOnACBUS() throws {
        let (link, bus) = try FT232HFixtures.openRig("ft232h-dw1000-dual")
        let octets = try bus.transfer(FT232HFixtures.readDeviceID, on: try ChipSelect(1))
        #expect(octets == [0x30, 0x01, 0xCA, 0xDE])
        #expect(link.bulkWrites.last == [0x82, 0x00, 0x01, 0x11, 0x00, 0x00, 0x00, 0x20, 0x03, 0x00, 0x82, 0x01, 0x01, 0x87])
        #expect(link.wiring.transactions.last?.chip == (try ChipSelect(1)))
    }

    @Test("a write is header and data in one 0x11, framed by CS, with no read")
    func registerWrite() throws {
        let (link, bus) = try FT232HFixtures.openRig()
        let reads = link.bulkReads.count
        // PANADR (0x03) = 0xCAFE1234: write header 0x83, low octet first.
        _ = try bus.transfer(SPITransaction(header: [0x83], body: .write([0x34, 0x12, 0xFE, 0xCA])), on: .first)
        #expect(link.bulkWrites.last == [0x80, 0x00, 0x0B, 0x11, 0x04, 0x00, 0x83, 0x34, 0x12, 0xFE, 0xCA, 0x80, 0x08, 0x0B])
        #expect(link.bulkReads.count == reads, "a write waits for no answer")
        #expect(try bus.transfer(SPITransaction(header: [0x03], body: .read(count: 4)), on: .first) == [0x34, 0x12, 0xFE, 0xCA])
    }

    @Test("the batched variant of §7.2: two reads in one write and one read")
    func batchedReads() throws {
        let (link, bus) = try FT232HFixtures.openRig()
        let before = bus.statistics
        let answers = try bus.transfer([
            SPITransaction(header: [0x0F], body: .read(count: 5)),
            SPITransaction(header: [0x15], body: .read(count: 5)),
        ], on: .first)
        #expect(answers.count == 2 && answers.allSatisfy { $0.count == 5 })
        #expect(link.bulkWrites.last == [
            0x80, 0x00, 0x0B, 0x11, 0x00, 0x00, 0x0F, 0x20, 0x04, 0x00, 0x80, 0x08, 0x0B,
            0x80, 0x00, 0x0B, 0x11, 0x00, 0x00, 0x15, 0x20, 0x04, 0x00, 0x80, 0x08, 0x0B, 0x87,
        ])
        let cost = bus.statistics.since(before)
        #expect(cost.roundTrips == 1 && cost.bulkWrites == 1 && cost.bulkReads == 1 && cost.bytesRead == 12)
    }

    @Test("divisors: 60 MHz / ((1 + d) × 2), the fastest not above the wanted clock")
    func divisors() throws {
        // Expected values worked out from the formula: 30 MHz / (1 + d) ≤ wanted.
        let cases: [(wanted: Double, divisor: UInt16, actual: Double)] = [
            (2_000_000, 14, 2_000_000),  // 30 / 15
            (3_000_000, 9, 3_000_000),  // 30 / 10 (the worked example)
            (8_000_000, 3, 7_500_000),  // 30 / 3 = 10 > 8, 30 / 4 = 7.5
            (20_000_000, 1, 15_000_000),  // 30 / 1 = 30 > 20, 30 / 2 = 15
            (30_000_000, 0, 30_000_000),
            (50_000_000, 0, 30_000_000),  // nothing faster than 30 MHz
            (1_000_000, 29, 1_000_000),
            (30_000_000.0 / 65_536, 0xFFFF, 30_000_000.0 / 65_536),  // ≈ 457.76 Hz, the slowest
            (458, 65_502, 30_000_000.0 / 65_503),  // 30 MHz / 458 = 65502.2 → 1 + d ≥ 65503
        ]
        for (wanted, divisor, actual) in cases {
            let result = try MPSSEClockDivisor(fastestNotAbove: Frequency(hertz: wanted))
            #expect(result.value == divisor, "\(wanted) Hz")
            #expect(abs(result.frequency.hertz - actual) < 0.001, "\(wanted) Hz")
            #expect(result.command.encoded == [0x86, UInt8(divisor & 0xFF), UInt8(divisor >> 8)])
        }
        #expect(throws: FT232HError.clockNotReachable(Frequency(hertz: 400))) {
            try MPSSEClockDivisor(fastestNotAbove: Frequency(hertz: 400))
        }
        #expect(throws: FT232HError.clockNotReachable(Frequency(hertz: 0))) {
            try MPSSEClockDivisor(fastestNotAbove: Frequency(hertz: 0))
        }
    }

    @Test("lengths are length − 1, little-endian; long data splits at 65536")
    func lengthEncoding() {
        #expect(MPSSECommand.readBytes(count: 1).encoded == [0x20, 0x00, 0x00])
        #expect(MPSSECommand.readBytes(count: 0x1234 + 1).encoded == [0x20, 0x34, 0x12])
        #expect(MPSSECommand.readBytes(count: 65_536).encoded == [0x20, 0xFF, 0xFF])
        #expect(MPSSECommand.writeBytes([0xA5, 0x5A]).encoded == [0x11, 0x01, 0x00, 0xA5, 0x5A])
        #expect(MPSSECommand.reads(count: 65_537) == [.readBytes(count: 65_536), .readBytes(count: 1)])
        #expect(MPSSECommand.writes([]).isEmpty)
        #expect(FTDIBitMode.mpsse.requestValue(direction: 0x0B) == 0x020B)
    }

    @Test("the interpreter answers undefined opcodes FA xx and rejects unsupported ones")
    func badCommands() throws {
        let (link, bus) = try FT232HFixtures.openRig()
        _ = bus
        try link.write([0xAB, 0x87], timeout: .seconds(1))
        #expect(try link.read(capacity: 512, timeout: .seconds(1)) == [0x32, 0x60, 0xFA, 0xAB])
        #expect(throws: SPIBusError.self) { try link.write([0x31, 0x00, 0x00, 0x00], timeout: .seconds(1)) }
        // A command split across two writes is completed by the second.
        try link.write([0x81], timeout: .seconds(1))
        try link.write([0x86, 0x09], timeout: .seconds(1))
        try link.write([0x00], timeout: .seconds(1))
        #expect(link.clockDivisors.last == 9)
        #expect(try link.read(capacity: 512, timeout: .seconds(1)).count == 3)
    }
}
