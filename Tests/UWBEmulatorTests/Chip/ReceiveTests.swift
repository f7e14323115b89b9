import DW1000Driver
import Testing
import UWBCore
@testable import UWBEmulator

@Suite("Virtual DW1000: receiver enable, timeouts and what a reception writes (UM §4, §7.2.14–7.2.24)")
struct ReceiveTests {
    static let config = RadioConfig.ranging

    /// A transmitter (chip 0) and a receiver (chip 1), both programmed for `config`.
    static func pair(config: RadioConfig = config, receiverOffset: Double = 0) throws -> (ChipBench, VirtualDW1000, VirtualDW1000) {
        let bench = ChipBench()
        let transmitter = bench.addChip(counterPhase: 0)
        let receiver = bench.addChip(offset: receiverOffset, counterPhase: 0)
        try transmitter.program(config)
        try receiver.program(config)
        return (bench, transmitter, receiver)
    }

    /// Sets SYS_CFG.RXWTOE and RX_FWTO.
    static func enableFrameWaitTimeout(_ chip: VirtualDW1000, units: UInt64) throws {
        try chip.write(.sysCfg, try chip.read(.sysCfg) | DW1000Register.SysCfg.rxwtoe.mask)
        try chip.write(.rxFwto, units)
    }

    @Test("the frame-wait timeout sets RXRFTO RX_FWTO × 1.0256 µs after RX enable and stops the receiver",
          arguments: [(1_000 as UInt64, 0.0), (50, 0), (4_000, 25)])
    func frameWaitTimeout(units: UInt64, offset: Double) throws {
        let (bench, _, receiver) = try Self.pair(receiverOffset: offset)
        bench.run(untilSeconds: 0.01)
        try Self.enableFrameWaitTimeout(receiver, units: units)
        try receiver.write(.sysMask, DW1000Register.SysStatus.rxrfto.mask)
        let enabled = bench.simulator.now
        try receiver.command(DW1000Register.SysCtrl.rxenab)
        bench.run(for: .milliseconds(10))
        let fired = try #require(bench.interruptChanges.first { $0.asserted }).time
        // The unit is 512 cycles of the chip's own 499.2 MHz clock.
        let expected = Double(units) * ChipTables.frameWaitUnitSeconds / (1 + offset * 1e-6)
        #expect(abs((fired - enabled).picoseconds - Int64((expected * 1e12).rounded())) <= 2)
        #expect(try receiver.has(DW1000Register.SysStatus.rxrfto))
        #expect(!receiver.isListening)
    }

    @Test("TRXOFF cancels the frame-wait timeout")
    func timeoutCancelled() throws {
        let (bench, _, receiver) = try Self.pair()
        try Self.enableFrameWaitTimeout(receiver, units: 1_000)
        try receiver.command(DW1000Register.SysCtrl.rxenab)
        bench.run(for: .microseconds(500))
        #expect(receiver.isListening)
        try receiver.command(DW1000Register.SysCtrl.trxoff)
        bench.run(for: .milliseconds(5))
        #expect(!(try receiver.has(DW1000Register.SysStatus.rxrfto)))
        #expect(!receiver.isListening)
    }

    @Test("without RXWTOE there is no frame-wait timeout")
    func noTimeoutWithoutEnable() throws {
        let (bench, _, receiver) = try Self.pair()
        try receiver.write(.rxFwto, 10)
        try receiver.command(DW1000Register.SysCtrl.rxenab)
        bench.run(for: .milliseconds(5))
        #expect(!(try receiver.has(DW1000Register.SysStatus.rxrfto)))
        #expect(receiver.isListening)
    }

    @Test("an RX enable clears the W+R status bits and nothing else")
    func receiverEnableClears() throws {
        let (_, _, receiver) = try Self.pair()
        let rxBits = DW1000Register.SysStatus.rxfcg.mask | DW1000Register.SysStatus.rxdfr.mask | DW1000Register.SysStatus.rxrfto.mask
            | DW1000Register.SysStatus.affrej.mask | DW1000Register.SysStatus.ldedone.mask
        receiver.setStatus(rxBits | DW1000Register.SysStatus.txfrs.mask)
        try receiver.command(DW1000Register.SysCtrl.rxenab)
        #expect(try receiver.status() & rxBits == 0)
        #expect(try receiver.has(DW1000Register.SysStatus.txfrs))
    }

    @Test("a good frame: RXPRD, RXSFDD, LDEDONE, RXPHD, RXDFR and RXFCG (0x6F00), the frame in RX_BUFFER")
    func goodFrame() throws {
        let (bench, transmitter, receiver) = try Self.pair()
        try receiver.write(.otpCtrl, DW1000Register.OtpCtrl.ldeload.mask)
        try transmitter.writeOctets(.txBuffer, [0x41, 0x88, 0x07, 0xCA, 0xDE, 0x01, 0x00, 0x02, 0x00, 0x10])
        try receiver.command(DW1000Register.SysCtrl.rxenab)
        bench.run(for: .microseconds(100))
        try transmitter.command(DW1000Register.SysCtrl.txstrt)
        bench.run(for: .milliseconds(2))
        #expect(try receiver.status() & 0xFF00 == 0x6F00)
        #expect(try receiver.readOctets(.rxBuffer, count: 10) == [0x41, 0x88, 0x07, 0xCA, 0xDE, 0x01, 0x00, 0x02, 0x00, 0x10])
        #expect(!receiver.isListening)
    }

    @Test("without the LDE code loaded, a frame gives RXDFR without LDEDONE (UM §7.2.17)")
    func withoutLeadingEdgeCode() throws {
        let (bench, transmitter, receiver) = try Self.pair()
        try receiver.command(DW1000Register.SysCtrl.rxenab)
        bench.run(for: .microseconds(100))
        try transmitter.command(DW1000Register.SysCtrl.txstrt)
        bench.run(for: .milliseconds(2))
        #expect(try receiver.has(DW1000Register.SysStatus.rxdfr))
        #expect(!(try receiver.has(DW1000Register.SysStatus.ldedone)))
    }

    @Test("a frame sent while the receiver is off is not received")
    func receiverOff() throws {
        let (bench, transmitter, receiver) = try Self.pair()
        try transmitter.command(DW1000Register.SysCtrl.txstrt)
        bench.run(for: .milliseconds(2))
        #expect(bench.transmissions.count == 1)
        #expect(try receiver.status() & 0xFF00 == 0)
        #expect(bench.locks.map(\.locked) == [false])
    }

    @Test("a frame sent after TRXOFF turned the receiver off is not received")
    func receiverTurnedOff() throws {
        let (bench, transmitter, receiver) = try Self.pair()
        try receiver.command(DW1000Register.SysCtrl.rxenab)
        bench.run(for: .microseconds(100))
        try receiver.command(DW1000Register.SysCtrl.trxoff)
        try transmitter.command(DW1000Register.SysCtrl.txstrt)
        bench.run(for: .milliseconds(2))
        #expect(try receiver.status() & 0xFF00 == 0)
    }

    @Test("a receiver on another channel, preamble code, PRF or data-rate mode does not receive", arguments: [
        try RadioConfig(channel: .two, pulseRepetitionFrequency: .sixtyFourMegahertz, preambleLength: .symbols128,
                        preambleCode: 9, startOfFrameDelimiter: .standard, dataRate: .mbps6_8),
        try RadioConfig(channel: .five, pulseRepetitionFrequency: .sixtyFourMegahertz, preambleLength: .symbols128,
                        preambleCode: 10, startOfFrameDelimiter: .standard, dataRate: .mbps6_8),
        try RadioConfig(channel: .five, pulseRepetitionFrequency: .sixteenMegahertz, preambleLength: .symbols128,
                        preambleCode: 4, startOfFrameDelimiter: .standard, dataRate: .mbps6_8),
        try RadioConfig(channel: .five, pulseRepetitionFrequency: .sixtyFourMegahertz, preambleLength: .symbols1024,
                        preambleCode: 9, startOfFrameDelimiter: .standard, dataRate: .kbps110),
    ])
    func mismatchedConfiguration(receiving: RadioConfig) throws {
        let (bench, transmitter, receiver) = try Self.pair()
        try receiver.program(receiving)
        try receiver.command(DW1000Register.SysCtrl.rxenab)
        bench.run(for: .microseconds(100))
        try transmitter.command(DW1000Register.SysCtrl.txstrt)
        bench.run(for: .milliseconds(2))
        #expect(try receiver.status() & 0xFF00 == 0)
        #expect(receiver.isListening)
    }

    @Test("delayed RX: the receiver starts hunting at DX_TIME, and the frame-wait timeout counts from there")
    func delayedReceive() throws {
        let (bench, transmitter, receiver) = try Self.pair()
        bench.run(untilSeconds: 0.01)
        try Self.enableFrameWaitTimeout(receiver, units: 100)
        try receiver.write(.sysMask, DW1000Register.SysStatus.rxrfto.mask)
        let dx = try receiver.read(.sysTime) + 2 * 63_897_600   // 2 ms ahead, a multiple of 512
        try receiver.write(.dxTime, dx)
        try receiver.command(DW1000Register.SysCtrl.rxenab, DW1000Register.SysCtrl.rxdlye)
        #expect(!(try receiver.has(DW1000Register.SysStatus.hpdwarn)))
        // A frame 1 ms after the command is before DX_TIME: not heard.
        bench.run(for: .milliseconds(1))
        #expect(!receiver.isListening)
        try transmitter.command(DW1000Register.SysCtrl.txstrt)
        bench.run(untilSeconds: 0.01 + 0.002 - 1e-9)
        #expect(!receiver.isListening)
        #expect(try receiver.status() & 0xFF00 == 0)
        bench.run(untilSeconds: 0.01 + 0.002 + 1e-9)
        #expect(receiver.isListening)
        bench.run(untilSeconds: 0.02)
        let fired = try #require(bench.interruptChanges.first { $0.asserted }).time
        let expected = 0.012 + 100 * ChipTables.frameWaitUnitSeconds
        #expect(abs(fired.seconds - expected) < 1e-9)
    }

    @Test("delayed RX with DX_TIME in the past sets HPDWARN")
    func delayedReceiveLate() throws {
        let (bench, _, receiver) = try Self.pair()
        bench.run(untilSeconds: 0.5)
        try receiver.write(.dxTime, try receiver.read(.sysTime) - 63_897_600)
        try receiver.command(DW1000Register.SysCtrl.rxenab, DW1000Register.SysCtrl.rxdlye)
        #expect(try receiver.has(DW1000Register.SysStatus.hpdwarn))
        try receiver.command(DW1000Register.SysCtrl.trxoff)
        #expect(!(try receiver.has(DW1000Register.SysStatus.hpdwarn)))
    }

    @Test("RX_STAMP = raw time − LDE_RXANTD; RX_RAWST has bits 8:0 zero")
    func receiveStamp() throws {
        let bench = ChipBench()
        let transmitter = bench.addChip(counterPhase: 0)
        let hardware = ChipBench.hardware(receiveDelay: 16_500)
        let receivers = [bench.addChip(counterPhase: 0, hardware: hardware), bench.addChip(counterPhase: 0, hardware: hardware)]
        try transmitter.program(Self.config)
        let delays: [UInt64] = [16_456, 12_000]
        for (receiver, delay) in zip(receivers, delays) {
            try receiver.program(Self.config)
            try receiver.write(.otpCtrl, DW1000Register.OtpCtrl.ldeload.mask)
            try receiver.write(.ldeRxantd, delay)
            try receiver.command(DW1000Register.SysCtrl.rxenab)
        }
        bench.run(untilSeconds: 0.3)
        try transmitter.command(DW1000Register.SysCtrl.txstrt)
        bench.run(untilSeconds: 0.31)
        let marker = try #require(bench.transmissions.first).transmission.rmarker
        // The counter at the RMARKER plus the true RX delay (no flight time on the bench), plus APS011's bias
        // at the bench's −80 dBm (64 MHz PRF: 2.8 cm, 6.0 ticks), within the leading edge's scatter
        // (0.074 taps a frame, 4.7 ticks: 3σ 14 ticks).
        let bias = RangeBiasTable.bias(receivedLevel: PowerLevel(dBm: -80), prf: .sixtyFourMegahertz, wideband: false)
        let raw = marker.seconds / ChipTables.tickSeconds + 16_500 + bias.metres / 0.004_691_763
        for (receiver, delay) in zip(receivers, delays) {
            let stamp = try receiver.read(.rxStamp)
            #expect(abs(Double(stamp) - (raw - Double(delay))) <= 14)
            let rawStamp = try receiver.read(.rxRawst)
            #expect(rawStamp & 0x1FF == 0)
        }
    }

    @Test("RX_FINFO: RXFLEN with the FCS, RXBR, RXPRFR, RXPSR/RXNSPL, and RXPACC ≤ the preamble", arguments: [
        (RadioConfig.ranging, 40),
        (RadioConfig.powerOnDefault, 127),
        (try RadioConfig(channel: .five, pulseRepetitionFrequency: .sixteenMegahertz, preambleLength: .symbols1024,
                         preambleCode: 3, startOfFrameDelimiter: .standard, dataRate: .kbps850), 20),
    ])
    func frameInformation(config: RadioConfig, length: Int) throws {
        let (bench, transmitter, receiver) = try Self.pair(config: config)
        try transmitter.program(config, frameLength: length)
        try receiver.command(DW1000Register.SysCtrl.rxenab)
        bench.run(for: .microseconds(100))
        try transmitter.command(DW1000Register.SysCtrl.txstrt)
        bench.run(for: .milliseconds(5))
        let info = try receiver.read(.rxFinfo)
        #expect(DW1000Register.RxFinfo.rxflen.value(in: info) == UInt64(length))
        #expect(DW1000Register.RxFinfo.rxfle.value(in: info) == 0)
        let rate: UInt64 = switch config.dataRate {
        case .kbps110: 0b00
        case .kbps850: 0b01
        case .mbps6_8: 0b10
        }
        #expect(DW1000Register.RxFinfo.rxbr.value(in: info) == rate)
        #expect(DW1000Register.RxFinfo.rxprfr.value(in: info) == (config.pulseRepetitionFrequency == .sixteenMegahertz ? 0b01 : 0b10))
        let codes = try #require(ChipTables.preambleCodes[config.preambleLength.symbols])
        #expect(DW1000Register.RxFinfo.rxpsr.value(in: info) == codes.0)
        #expect(DW1000Register.RxFinfo.rxnspl.value(in: info) == codes.1)
        let accumulated = DW1000Register.RxFinfo.rxpacc.value(in: info)
        #expect(accumulated > 0 && accumulated <= UInt64(config.preambleLength.symbols))
        #expect(try receiver.read(.rxpaccNosat) >= accumulated)
        // The transmitter's TX_FCTRL.TR reaches the receiver as RX_FINFO.RNG (UM §7.2.10, §7.2.18).
        #expect(DW1000Register.RxFinfo.rng.value(in: info) == DW1000Register.TxFctrl.tr.value(in: try transmitter.read(.txFctrl)))
    }
}

@Suite("Virtual DW1000: frame-wait timeout control (UM §7.2.14)")
struct FrameWaitControlTests {
    @Test("clearing SYS_CFG.RXWTOE mid-count cancels the timeout; the receiver keeps listening")
    func clearingEnableCancels() throws {
        let (bench, _, receiver) = try ReceiveTests.pair()
        try ReceiveTests.enableFrameWaitTimeout(receiver, units: 1_000)
        try receiver.command(DW1000Register.SysCtrl.rxenab)
        bench.run(for: .microseconds(300))
        try receiver.write(.sysCfg, try receiver.read(.sysCfg) & ~DW1000Register.SysCfg.rxwtoe.mask)
        bench.run(for: .milliseconds(5))
        #expect(!(try receiver.has(DW1000Register.SysStatus.rxrfto)))
        #expect(receiver.isListening)
    }

    @Test("a delayed RX with the timeout, then RXWTOE cleared before DX_TIME: no RXRFTO")
    func clearingBeforeDelayedStart() throws {
        let (bench, _, receiver) = try ReceiveTests.pair()
        try ReceiveTests.enableFrameWaitTimeout(receiver, units: 10)
        try receiver.write(.dxTime, try receiver.read(.sysTime) + 63_897_600)
        try receiver.command(DW1000Register.SysCtrl.rxenab, DW1000Register.SysCtrl.rxdlye)
        try receiver.write(.sysCfg, try receiver.read(.sysCfg) & ~DW1000Register.SysCfg.rxwtoe.mask)
        bench.run(for: .milliseconds(3))
        #expect(!(try receiver.has(DW1000Register.SysStatus.rxrfto)))
        #expect(receiver.isListening)
    }
}
