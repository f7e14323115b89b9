import DW1000Driver
import Testing
import UWBCore
import UWBTestSupport

/// The host read of the DW1000's accumulator (ACC_MEM, UM §7.2.38) against golden SPI octets:
/// PMSC_CTRL0 read, FACE|RXCLKS and AMCE written one octet at a time, ACC_MEM read with its dummy
/// octet, the clocks handed back (Decawave `dwt_readaccdata`, `_dwt_enableclocks`).
@Suite("DW1000 accumulator (CIR) read")
struct AccumulatorReadTests {
    /// PMSC_CTRL0 octets 0–1 as bring-up leaves them (0x0200, UM Table 4), and the octets the
    /// read writes around ACC_MEM: 0x48 | 0x00 & 0xB3, 0x02 | 0x80, then 0x00 & 0xB3, 0x02 & 0x7F.
    static let clocksOn: [FakeSPIBus.Entry] = [
        .read([0x36], count: 2),
        .write([0xB6], [0x48]),
        .write([0xF6, 0x01], [0x82]),
    ]
    static let clocksOff: [FakeSPIBus.Entry] = [
        .write([0xB6], [0x00]),
        .write([0xF6, 0x01], [0x02]),
    ]

    @Test("the whole accumulator at 64 MHz PRF: 1016 samples in one 4065-octet read between the clock writes")
    func wholeAccumulator() throws {
        let fixture = try ChipFixture()
        try Self.receiveFrame(on: fixture.bus, driver: fixture.driver)
        #expect(fixture.bus.stored(file: 0x36, count: 2) == [0x00, 0x02])
        let response = try fixture.driver.readChannelImpulseResponse(.preamble, samples: nil)
        #expect(fixture.bus.trace == Self.clocksOn + [.read([0x25], count: 4065)] + Self.clocksOff)
        #expect(fixture.bus.batches == [1..<6])
        #expect(response.accumulator == .preamble)
        #expect(response.firstSampleIndex == 0)
        #expect(response.samples.count == 1016)
        #expect(response.accumulatorLength == 1016)
        #expect(response.sampleSpacing == DeviceDuration(ticks: 64))
        #expect(response.firstPathIndex == 169)
        #expect(response.accumulatedSymbols == 1000)
    }

    @Test("the clock writes keep PMSC_CTRL0's other bits and clear FACE, RXCLKS and AMCE afterwards")
    func clockOctetsKeepOtherBits() throws {
        let fixture = try ChipFixture()
        try Self.receiveFrame(on: fixture.bus, driver: fixture.driver)
        // Octet 0: SYSCLKS = 10, RXCLKS = 11, TXCLKS = 01, FACE set; octet 1: bit 9, ADCCE, AMCE.
        fixture.bus.preset(file: 0x36, [0x5E, 0x86])
        _ = try fixture.driver.readChannelImpulseResponse(.preamble, samples: 0..<1)
        #expect(fixture.bus.trace == [
            .read([0x36], count: 2),
            .write([0xB6], [0x5A]),             // 0x48 | 0x5E & 0xB3 (0x12)
            .write([0xF6, 0x01], [0x86]),       // 0x86 | 0x80
            .read([0x25], count: 5),
            .write([0xB6], [0x12]),             // 0x5E & 0xB3
            .write([0xF6, 0x01], [0x06]),       // 0x86 & 0x7F
        ])
    }

    @Test("samples are signed 16-bit real then imaginary parts, low octet first, after a dummy octet")
    func decodesSamples() throws {
        let fixture = try ChipFixture()
        try Self.receiveFrame(on: fixture.bus, driver: fixture.driver)
        fixture.bus.scriptReads(file: 0x25, offset: 4, [[
            0xEE,                               // dummy octet, dropped
            0x34, 0x12, 0xCC, 0xED,             // sample 1: +4660, −4660
            0xFF, 0x7F, 0x00, 0x80,             // sample 2: +32767, −32768
        ]])
        let response = try fixture.driver.readChannelImpulseResponse(.preamble, samples: 1..<3)
        #expect(fixture.bus.trace == Self.clocksOn + [.read([0x65, 0x04], count: 9)] + Self.clocksOff)
        #expect(response.samples == [
            ImpulseResponseSample(real: 4660, imaginary: -4660),
            ImpulseResponseSample(real: 32767, imaginary: -32768),
        ])
        #expect(response.firstSampleIndex == 1)
        #expect(response.sampleIndices == 1..<3)
        #expect(response.sample(at: 2) == ImpulseResponseSample(real: 32767, imaginary: -32768))
        #expect(response.sample(at: 0) == nil)
    }

    @Test("the last samples: a 3-octet header at sub-index 4000, the read running one octet past ACC_MEM's end")
    func lastSamples() throws {
        let fixture = try ChipFixture()
        try Self.receiveFrame(on: fixture.bus, driver: fixture.driver)
        let response = try fixture.driver.readChannelImpulseResponse(.preamble, samples: 1000..<1016)
        // Sub-index 4000 = 0xFA0: 0x65 (read, sub-index follows, file 0x25), 0x80 | 0x20, 0x1F.
        #expect(fixture.bus.trace == Self.clocksOn + [.read([0x65, 0xA0, 0x1F], count: 65)] + Self.clocksOff)
        #expect(response.samples.count == 16)
        #expect(response.sampleIndices == 1000..<1016)
    }

    @Test("at 16 MHz PRF the accumulator has 992 samples")
    func sixteenMegahertz() throws {
        let fixture = try ChipFixture(configuredWith: .powerOnDefault)
        try Self.receiveFrame(on: fixture.bus, driver: fixture.driver)
        let response = try fixture.driver.readChannelImpulseResponse(.preamble, samples: nil)
        #expect(fixture.bus.trace == Self.clocksOn + [.read([0x25], count: 3969)] + Self.clocksOff)
        #expect(response.samples.count == 992)
        #expect(response.accumulatorLength == 992)
        #expect(throws: TransceiverError.samplesOutsideAccumulator(requested: 990..<993, valid: 0..<992, accumulator: .preamble)) {
            try fixture.driver.readChannelImpulseResponse(.preamble, samples: 990..<993)
        }
    }

    @Test("before any frame is received there is nothing to read: refused without touching the bus")
    func refusedBeforeReception() throws {
        let fixture = try ChipFixture()
        let error = #expect(throws: TransceiverError.noReceptionToRead) {
            try fixture.driver.readChannelImpulseResponse(.preamble, samples: nil)
        }
        #expect(error?.description.contains("receive a frame first, then read its CIR") == true)
        #expect(error?.meansRadioLost == false)
        #expect(fixture.bus.trace.isEmpty)
    }

    @Test("configuring again forgets the last reception")
    func refusedAfterReconfiguring() throws {
        let fixture = try ChipFixture()
        try Self.receiveFrame(on: fixture.bus, driver: fixture.driver)
        try fixture.driver.configure(.ranging)
        fixture.bus.clearTrace()
        #expect(throws: TransceiverError.noReceptionToRead) {
            try fixture.driver.readChannelImpulseResponse(.preamble, samples: nil)
        }
        #expect(fixture.bus.trace.isEmpty)
    }

    @Test("an unconfigured radio is refused as not configured")
    func refusedUnconfigured() throws {
        let fixture = try ChipFixture(configuredWith: nil)
        #expect(throws: TransceiverError.notConfigured) {
            try fixture.driver.readChannelImpulseResponse(.preamble, samples: nil)
        }
    }

    @Test("sample ranges outside 0..<1016, or empty, are refused naming the valid range", arguments: [
        1010..<1017, -1..<3, 5..<5, 1016..<1020,
    ])
    func refusedRanges(range: Range<Int>) throws {
        let fixture = try ChipFixture()
        try Self.receiveFrame(on: fixture.bus, driver: fixture.driver)
        let error = #expect(throws: TransceiverError.samplesOutsideAccumulator(requested: range, valid: 0..<1016, accumulator: .preamble)) {
            try fixture.driver.readChannelImpulseResponse(.preamble, samples: range)
        }
        #expect(error?.description.contains("whose samples are 0..<1016") == true)
        #expect(fixture.bus.trace.isEmpty)
    }

    @Test("a DW1000 has no STS accumulators", arguments: [ImpulseResponseAccumulator.secureTimestamp, .secureTimestampSecondHalf])
    func refusedSecureTimestampAccumulators(accumulator: ImpulseResponseAccumulator) throws {
        let fixture = try ChipFixture()
        try Self.receiveFrame(on: fixture.bus, driver: fixture.driver)
        let error = #expect(throws: TransceiverError.self) {
            try fixture.driver.readChannelImpulseResponse(accumulator, samples: nil)
        }
        guard case .accumulatorUnavailable(accumulator, let reason)? = error else {
            Issue.record("expected accumulatorUnavailable, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("read .preamble"))
        #expect(fixture.bus.trace.isEmpty)
    }

    @Test("a read that fails midway still hands the clocks back, then reports the bus error", arguments: [false, true])
    func clocksRestoredAfterFailure(batching: Bool) throws {
        let bus = FailingBus(ChipFixture.healthyBus(), batching: batching)
        let driver = try DW1000(bus: bus, chip: .first)
        try driver.configure(.ranging)
        try Self.receiveFrame(on: bus.fake, driver: driver)
        bus.failReads(ofFile: 0x25)
        #expect(throws: TransceiverError.bus(FailingBus.failure)) {
            try driver.readChannelImpulseResponse(.preamble, samples: nil)
        }
        // The failing read is not recorded: the bus refused it before the fake saw it.
        #expect(bus.fake.trace == Self.clocksOn + Self.clocksOff)
        #expect(bus.fake.stored(file: 0x36, count: 2) == [0x00, 0x02])
    }

    @Test("a short answer from the bus is a bus error, not a short response")
    func shortAnswer() throws {
        let bus = FailingBus(ChipFixture.healthyBus(), batching: false)
        let driver = try DW1000(bus: bus, chip: .first)
        try driver.configure(.ranging)
        try Self.receiveFrame(on: bus.fake, driver: driver)
        bus.truncateReads(ofFile: 0x25)
        let error = #expect(throws: TransceiverError.self) {
            try driver.readChannelImpulseResponse(.preamble, samples: 0..<4)
        }
        #expect(error?.description.contains("ACC_MEM returned 16 octets instead of 17") == true)
        #expect(bus.fake.trace.suffix(2) == Self.clocksOff[...])
    }

    /// Has the driver read a good frame (RXFCG; RXPACC 1000, FP_INDEX 169.0), then clears the trace.
    static func receiveFrame(on bus: FakeSPIBus, driver: DW1000) throws {
        bus.preset(file: 0x0F, [0x00, 0x6F, 0x00, 0x00])
        bus.preset(file: 0x10, [0x0C, 0x00, 0x80, 0x3E])            // RXFLEN 12, RXPACC 1000
        bus.preset(file: 0x15, offset: 5, [0x40, 0x2A])             // FP_INDEX 0x2A40 = 169.0
        let events = try driver.handleInterrupt()
        guard case .frameReceived = events.first else {
            Issue.record("expected a received frame, got \(events)")
            return
        }
        bus.preset(file: 0x0F, [0x00, 0x00, 0x00, 0x00])
        bus.clearTrace()
    }
}

/// A bus in front of a ``FakeSPIBus`` that can make reads of one register file fail or come back
/// one octet short, to test what the driver does when a transfer breaks midway.
final class FailingBus: SPIBus {
    /// The error a failing read throws.
    static let failure = SPIBusError.transferFailed("test: the bus broke during the accumulator read")

    let fake: FakeSPIBus
    let batchingReducesCost: Bool
    private var failingFile: UInt8?
    private var truncatedFile: UInt8?

    init(_ fake: FakeSPIBus, batching: Bool) {
        self.fake = fake
        self.batchingReducesCost = batching
    }

    var chipCount: Int { fake.chipCount }

    /// Reads of `file` throw ``failure`` from now on.
    func failReads(ofFile file: UInt8) { failingFile = file }

    /// Reads of `file` return one octet fewer than asked from now on.
    func truncateReads(ofFile file: UInt8) { truncatedFile = file }

    func transfer(_ transaction: SPITransaction, on chip: ChipSelect) throws(SPIBusError) -> [UInt8] {
        let file: UInt8
        do {
            file = try DW1000SPIHeader.decode(transaction.header).header.file
        } catch {
            throw .transferFailed("test: undecodable header: \(error)")
        }
        let reads = transaction.responseLength > 0
        if reads, file == failingFile { throw Self.failure }
        let answer = try fake.transfer(transaction, on: chip)
        return reads && file == truncatedFile ? Array(answer.dropLast()) : answer
    }

    func waitForInterrupt(on chip: ChipSelect, until deadline: ContinuousClock.Instant) throws(SPIBusError) -> Bool {
        try fake.waitForInterrupt(on: chip, until: deadline)
    }

    func reset(_ chip: ChipSelect) throws(SPIBusError) { try fake.reset(chip) }
}
