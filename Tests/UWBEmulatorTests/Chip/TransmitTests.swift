import DW1000Driver
import Testing
import UWBCore
@testable import UWBEmulator

@Suite("Virtual DW1000: immediate and delayed transmission (UM §3.3, §7.2.15, §7.2.17)")
struct TransmitTests {
    static let config = RadioConfig.ranging
    static let antennaDelay: UInt64 = 16_456

    /// A chip at time `seconds` programmed for ``config`` with TX_ANTD set.
    static func transmitter(at seconds: Double = 0.01) throws -> (ChipBench, VirtualDW1000) {
        let bench = ChipBench()
        let chip = bench.addChip(counterPhase: 0)
        try chip.program(config)
        try chip.write(.txAntd, antennaDelay)
        bench.run(untilSeconds: seconds)
        return (bench, chip)
    }

    /// Ticks of `duration` at the nominal 63.8976 GHz.
    static func ticks(_ duration: Duration) -> UInt64 {
        UInt64((Double(duration.picoseconds) * 1e-12 / ChipTables.tickSeconds).rounded(.up))
    }

    @Test("delayed TX: TX_STAMP = (DX_TIME & ~0x1FF) + TX_ANTD and TX_RAWST = DX_TIME & ~0x1FF")
    func delayedStamp() throws {
        let (bench, chip) = try Self.transmitter()
        let target = (try chip.read(.sysTime) + 63_897_600 + 0x1AB) & (ChipTables.wrap - 1)   // 1 ms ahead, low bits set
        try chip.write(.dxTime, target)
        try chip.command(DW1000Register.SysCtrl.txstrt, DW1000Register.SysCtrl.txdlys)
        #expect(!(try chip.has(DW1000Register.SysStatus.hpdwarn)))
        #expect(!(try chip.has(DW1000Register.SysStatus.txpute)))
        bench.run(for: .milliseconds(3))
        #expect(try chip.has(DW1000Register.SysStatus.txfrs))
        #expect(try chip.read(.txRawst) == target & ~0x1FF)
        #expect(try chip.read(.txStamp) == (target & ~0x1FF) + Self.antennaDelay)
        // The RMARKER leaves the antenna when the counter reads TX_RAWST plus the true TX delay.
        let sent = try #require(bench.transmissions.first)
        let counterAtMarker = sent.transmission.rmarker.seconds / ChipTables.tickSeconds
        #expect(abs(counterAtMarker - Double((target & ~0x1FF) + 16_400)) < 1)
    }

    @Test("DX_TIME's low 9 bits are ignored: 0x...000 and 0x...1FF give the same stamp")
    func lowBitsIgnored() throws {
        var stamps: [UInt64] = []
        for low: UInt64 in [0x000, 0x1FF] {
            let (bench, chip) = try Self.transmitter()
            let target = ((try chip.read(.sysTime) + 63_897_600) & ~UInt64(0x1FF)) | low
            try chip.write(.dxTime, target)
            try chip.command(DW1000Register.SysCtrl.txstrt, DW1000Register.SysCtrl.txdlys)
            bench.run(for: .milliseconds(3))
            stamps.append(try chip.read(.txStamp))
        }
        #expect(stamps[0] == stamps[1])
    }

    @Test("immediate TX: TX_RAWST has bits 8:0 zero and TX_STAMP = TX_RAWST + TX_ANTD")
    func immediateStamp() throws {
        let (bench, chip) = try Self.transmitter()
        let before = try chip.read(.sysTime)
        try chip.command(DW1000Register.SysCtrl.txstrt)
        bench.run(for: .milliseconds(1))
        let raw = try chip.read(.txRawst)
        #expect(raw & 0x1FF == 0)
        #expect(raw > before)
        #expect(try chip.read(.txStamp) == raw + Self.antennaDelay)
        #expect(try chip.status() & 0xF0 == 0xF0)
    }

    @Test("TXFRS sets at the end of the airtime, counted from the first preamble symbol")
    func transmitDoneTime() throws {
        for length in [12, 40, 127] {
            let (bench, chip) = try Self.transmitter()
            try chip.program(Self.config, frameLength: length)
            try chip.write(.sysMask, DW1000Register.SysStatus.txfrs.mask)
            try chip.command(DW1000Register.SysCtrl.txstrt)
            bench.run(for: .milliseconds(2))
            let start = try #require(bench.transmissions.first).time
            let done = try #require(bench.interruptChanges.first { $0.asserted }).time
            let expected = Self.config.airtime(frameLength: length)
            #expect(abs((done - start).picoseconds - expected.picoseconds) <= 1)
            #expect(bench.transmissions.first?.transmission.frame.count == length)
        }
    }

    @Test("a TX enable clears the W+T status bits (TXFRB, TXPRS, TXPHS, TXFRS) but not AAT (W+R) or RX bits")
    func transmitEnableClears() throws {
        let (_, chip) = try Self.transmitter()
        chip.setStatus(0xF8 | DW1000Register.SysStatus.rxfcg.mask)
        try chip.command(DW1000Register.SysCtrl.txstrt)
        #expect(try chip.status() & 0xF0 == 0)
        #expect(try chip.has(DW1000Register.SysStatus.aat))
        #expect(try chip.has(DW1000Register.SysStatus.rxfcg))
    }

    @Test("DX_TIME in the past sets HPDWARN (more than half a period ahead); TRXOFF clears it and nothing is sent")
    func halfPeriodWarning() throws {
        let (bench, chip) = try Self.transmitter(at: 0.5)
        try chip.write(.dxTime, try chip.read(.sysTime) - 63_897_600)   // 1 ms ago
        try chip.command(DW1000Register.SysCtrl.txstrt, DW1000Register.SysCtrl.txdlys)
        #expect(try chip.has(DW1000Register.SysStatus.hpdwarn))
        // Read-only: writing 1 does not clear it; TRXOFF does.
        try chip.write(.sysStatus, DW1000Register.SysStatus.hpdwarn.mask)
        #expect(try chip.has(DW1000Register.SysStatus.hpdwarn))
        try chip.command(DW1000Register.SysCtrl.trxoff)
        #expect(!(try chip.has(DW1000Register.SysStatus.hpdwarn)))
        bench.run(untilSeconds: 20)
        #expect(bench.transmissions.isEmpty)
        #expect(!(try chip.has(DW1000Register.SysStatus.txfrs)))
    }

    @Test("a preamble start 1 ms over half a period ahead warns; 1 ms under does not")
    func halfPeriodBoundary() throws {
        let header = Self.ticks(Self.config.synchronisationHeaderDuration)
        let millisecond: UInt64 = 63_897_600
        for (ahead, warns) in [(ChipTables.wrap / 2 + header + millisecond, true), (ChipTables.wrap / 2 + header - millisecond, false)] {
            let (_, chip) = try Self.transmitter()
            try chip.write(.dxTime, (try chip.read(.sysTime) + ahead) & (ChipTables.wrap - 1))
            try chip.command(DW1000Register.SysCtrl.txstrt, DW1000Register.SysCtrl.txdlys)
            #expect(try chip.has(DW1000Register.SysStatus.hpdwarn) == warns)
        }
    }

    @Test("an RMARKER too close for the preamble to start in time is late: HPDWARN (the check uses the preamble start)")
    func preambleStartInThePast() throws {
        let (_, chip) = try Self.transmitter()
        // 50 µs ahead, but the 128-symbol preamble and SFD take about 138 µs.
        try chip.write(.dxTime, try chip.read(.sysTime) + Self.ticks(.microseconds(50)))
        try chip.command(DW1000Register.SysCtrl.txstrt, DW1000Register.SysCtrl.txdlys)
        #expect(try chip.has(DW1000Register.SysStatus.hpdwarn))
        #expect(!(try chip.has(DW1000Register.SysStatus.txpute)))
    }

    @Test("a preamble start closer than the TX power-up sets TXPUTE, not HPDWARN; TXPUTE clears at the end of the frame")
    func powerUpError() throws {
        let (bench, chip) = try Self.transmitter()
        let header = Self.ticks(Self.config.synchronisationHeaderDuration)
        try chip.write(.dxTime, try chip.read(.sysTime) + header + Self.ticks(.microseconds(2)) + 0x200)
        try chip.command(DW1000Register.SysCtrl.txstrt, DW1000Register.SysCtrl.txdlys)
        #expect(try chip.has(DW1000Register.SysStatus.txpute))
        #expect(!(try chip.has(DW1000Register.SysStatus.hpdwarn)))
        // TXPUTE is read-only.
        try chip.write(.sysStatus, DW1000Register.SysStatus.txpute.mask)
        #expect(try chip.has(DW1000Register.SysStatus.txpute))
        bench.run(for: .milliseconds(1))
        #expect(!(try chip.has(DW1000Register.SysStatus.txpute)))
    }

    @Test("TRXOFF cancels a pending delayed TX: no frame, no TXFRS")
    func cancelPending() throws {
        let (bench, chip) = try Self.transmitter()
        try chip.write(.dxTime, try chip.read(.sysTime) + 5 * 63_897_600)
        try chip.command(DW1000Register.SysCtrl.txstrt, DW1000Register.SysCtrl.txdlys)
        bench.run(for: .milliseconds(1))
        try chip.command(DW1000Register.SysCtrl.trxoff)
        bench.run(for: .milliseconds(10))
        #expect(bench.transmissions.isEmpty)
        #expect(try chip.status() & 0xF0 == 0)
    }

    @Test("TRXOFF in the same write as TXSTRT wins (Decawave's post-configuration TXSTRT|TRXOFF)")
    func trxoffWins() throws {
        let (bench, chip) = try Self.transmitter()
        try chip.command(DW1000Register.SysCtrl.txstrt, DW1000Register.SysCtrl.trxoff)
        bench.run(for: .milliseconds(2))
        #expect(bench.transmissions.isEmpty)
    }

    @Test("the frame on the air is TFLEN octets: the buffer's TFLEN − 2 octets and their CRC-16 FCS")
    func frameContent() throws {
        let (bench, chip) = try Self.transmitter()
        try chip.writeOctets(.txBuffer, Array("123456789".utf8))
        try chip.program(Self.config, frameLength: 11)
        try chip.command(DW1000Register.SysCtrl.txstrt)
        bench.run(for: .milliseconds(1))
        // CRC-16/KERMIT ("123456789") = 0x2189, sent low octet first (IEEE 802.15.4 FCS).
        #expect(bench.transmissions.first?.transmission.frame == Array("123456789".utf8) + [0x89, 0x21])
    }
}

@Suite("Virtual DW1000: delayed TX on a drifting clock")
struct DriftingTransmitTests {
    @Test("a delayed TX whose RMARKER lies beyond the oscillator's next frequency step still leaves when the counter reads TX_RAWST + the TX delay")
    func acrossFrequencyStep() throws {
        let bench = ChipBench()
        let oscillator = Oscillator(offset: ClockOffset(partsPerMillion: 10), drift: 2, random: SeededRandom(seed: 21))
        let chip = bench.addChip(oscillator: oscillator, counterPhase: 0)
        try chip.program(.ranging)
        bench.run(untilSeconds: 0.8)
        let target = try chip.read(.sysTime) + 400 * 63_897_600   // 400 ms ahead: past the step at 1 s
        try chip.write(.dxTime, target)
        try chip.command(DW1000Register.SysCtrl.txstrt, DW1000Register.SysCtrl.txdlys)
        bench.run(untilSeconds: 1.5)
        let marker = try #require(bench.transmissions.first).transmission.rmarker
        #expect(marker.seconds > 1)
        // The oscillator's own tick count (tested on its own) at the RMARKER.
        #expect(abs(oscillator.ticks(at: marker) - Double(target + 16_400)) < 1)
    }
}

@Suite("Virtual DW1000: the TX event sequence (UM §7.2.17)")
struct TransmitSequenceTests {
    /// The time the IRQ first rises with only `bit` unmasked, relative to the first preamble symbol.
    static func eventTime(_ bit: BitField) throws -> Duration {
        let (bench, chip) = try TransmitTests.transmitter()
        try chip.write(.sysMask, bit.mask)
        try chip.command(DW1000Register.SysCtrl.txstrt)
        bench.run(for: .milliseconds(2))
        let start = try #require(bench.transmissions.first).time
        return try #require(bench.interruptChanges.first { $0.asserted }).time - start
    }

    @Test("TXFRB at the preamble start, TXPRS after the preamble, TXPHS after SFD and PHR, TXFRS at the end")
    func sequence() throws {
        let config = TransmitTests.config
        // 128 symbols of 1017.63 ns at 64 MHz PRF; the standard SFD at 6.8 Mbps is 8 symbols.
        let preamble = config.pulseRepetitionFrequency.preambleSymbolDuration * 128
        #expect(abs(Double(preamble.picoseconds) - 128 * 1_017_630) < 128 * 10)
        #expect(try Self.eventTime(DW1000Register.SysStatus.txfrb) == .zero)
        #expect(abs((try Self.eventTime(DW1000Register.SysStatus.txprs)).picoseconds - preamble.picoseconds) <= 1)
        let header = config.synchronisationHeaderDuration + config.phyHeaderDuration
        #expect(abs((try Self.eventTime(DW1000Register.SysStatus.txphs)).picoseconds - header.picoseconds) <= 1)
        #expect(abs((try Self.eventTime(DW1000Register.SysStatus.txfrs)).picoseconds - config.airtime(frameLength: 12).picoseconds) <= 1)
    }
}
