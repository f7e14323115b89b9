import DW3000Driver
import Testing
import UWBCore
import UWBTestSupport

/// The host read of the DW3000's CIR memory against golden SPI octets, as the Qorvo API's
/// `dwt_readcir` does it: CLK_CTRL |= ACC_MCLK_EN | ACC_CLK_EN (masked write), PTR_ADDR_A = 0x15,
/// per chunk PTR_OFFSET_A = the sample and a read of INDIRECT_PTR_A with its dummy octet, then the
/// clock bits cleared (masked write).
@Suite("DW3000 accumulator (CIR) read")
struct DW3000AccumulatorReadTests {
    /// CLK_CTRL (0x11:04) masked 16-bit write: header E2 12, AND FF FF, OR 40 80.
    static let clocksOn = FakeSPIBus.Entry.write([0xE2, 0x12], [0xFF, 0xFF, 0x40, 0x80])
    /// PTR_ADDR_A (0x1F:04) = 0x15: header FE 10.
    static let pointerAtAccumulator = FakeSPIBus.Entry.write([0xFE, 0x10], [0x15])
    /// CLK_CTRL masked 16-bit write: AND BF 7F (clears 0x8040), OR 00 00.
    static let clocksOff = FakeSPIBus.Entry.write([0xE2, 0x12], [0xBF, 0x7F, 0x00, 0x00])

    @Test("the whole Ipatov accumulator at 64 MHz PRF: 1016 samples in eight chunks of at most 128")
    func wholeIpatovAccumulator() throws {
        let bus = DW3000Fixture.bus()
        let chip = try DW3000Fixture.configured(bus)
        try Self.receiveFrame(on: bus, chip: chip)
        let response = try chip.readChannelImpulseResponse(.preamble, samples: nil)
        #expect(bus.trace == [
            Self.clocksOn,
            Self.pointerAtAccumulator,
            .write([0xFE, 0x20], [0x00, 0x00]), .read([0x3A], count: 769),
            .write([0xFE, 0x20], [0x80, 0x00]), .read([0x3A], count: 769),
            .write([0xFE, 0x20], [0x00, 0x01]), .read([0x3A], count: 769),
            .write([0xFE, 0x20], [0x80, 0x01]), .read([0x3A], count: 769),
            .write([0xFE, 0x20], [0x00, 0x02]), .read([0x3A], count: 769),
            .write([0xFE, 0x20], [0x80, 0x02]), .read([0x3A], count: 769),
            .write([0xFE, 0x20], [0x00, 0x03]), .read([0x3A], count: 769),
            .write([0xFE, 0x20], [0x80, 0x03]), .read([0x3A], count: 721),     // 1 + 6 × 120
            Self.clocksOff,
        ])
        // One batch per chunk, the first with the clocks and the pointer, the last with the clocks.
        #expect(bus.batches == [0..<4, 4..<6, 6..<8, 8..<10, 10..<12, 12..<14, 14..<16, 16..<19])
        #expect(bus.stored(file: 0x11, offset: 0x04, count: 2) == [0x00, 0x02])   // CLK_CTRL as configure left it
        #expect(response.samples.count == 1016)
        #expect(response.accumulatorLength == 1016)
        #expect(response.sampleSpacing == DeviceDuration(ticks: 64))
        #expect(response.firstPathIndex == 745.5)
        #expect(response.accumulatedSymbols == 120)
    }

    @Test("parts are 24 bits, low octet first, with 18 value bits under six sign bits")
    func decodesSamples() throws {
        let bus = DW3000Fixture.bus()
        let chip = try DW3000Fixture.configured(bus)
        try Self.receiveFrame(on: bus, chip: chip)
        bus.scriptReads(file: 0x1D, [[
            0xEE,                                           // dummy octet, dropped
            0xFF, 0xFF, 0x03, 0x00, 0x00, 0xFC,             // +262143, −262144
            0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x02,             // −1, +131072 (bit 17 is a value bit)
            0x34, 0x12, 0x00, 0xCC, 0xED, 0xFF,             // +4660, −4660
            0x00, 0x00, 0x04, 0x01, 0x00, 0x00,             // one sign bit alone: −262144; +1
        ]])
        let response = try chip.readChannelImpulseResponse(.preamble, samples: 0..<4)
        #expect(bus.trace == [
            Self.clocksOn, Self.pointerAtAccumulator,
            .write([0xFE, 0x20], [0x00, 0x00]), .read([0x3A], count: 25),
            Self.clocksOff,
        ])
        #expect(response.samples == [
            ImpulseResponseSample(real: 262_143, imaginary: -262_144),
            ImpulseResponseSample(real: -1, imaginary: 131_072),
            ImpulseResponseSample(real: 4660, imaginary: -4660),
            ImpulseResponseSample(real: -262_144, imaginary: 1),
        ])
    }

    @Test("a range across a chunk boundary: each chunk re-addressed, each chunk's dummy octet dropped, order kept")
    func chunkBoundary() throws {
        let bus = DW3000Fixture.bus()
        let chip = try DW3000Fixture.configured(bus)
        try Self.receiveFrame(on: bus, chip: chip)
        let first = (120..<248).flatMap { Self.sample(Int32($0), -Int32($0)) }
        let second = (248..<260).flatMap { Self.sample(Int32($0), -Int32($0)) }
        bus.scriptReads(file: 0x1D, [[0xAA] + first, [0xBB] + second])
        let response = try chip.readChannelImpulseResponse(.preamble, samples: 120..<260)
        #expect(bus.trace == [
            Self.clocksOn, Self.pointerAtAccumulator,
            .write([0xFE, 0x20], [0x78, 0x00]), .read([0x3A], count: 769),      // samples 120..<248
            .write([0xFE, 0x20], [0xF8, 0x00]), .read([0x3A], count: 73),       // samples 248..<260
            Self.clocksOff,
        ])
        #expect(response.firstSampleIndex == 120)
        #expect(response.samples == (120..<260).map { ImpulseResponseSample(real: Int32($0), imaginary: -Int32($0)) })
    }

    @Test("the STS accumulator starts at sample 0x400 and has 512 samples, without first path or count")
    func secureTimestampAccumulator() throws {
        let bus = DW3000Fixture.bus()
        let chip = try DW3000Fixture.configured(bus, DW3000Fixture.channelNine(secureTimestamps: DW3000Fixture.secureTimestamps()))
        try Self.receiveFrame(on: bus, chip: chip)
        let response = try chip.readChannelImpulseResponse(.secureTimestamp, samples: 500..<512)
        #expect(bus.trace == [
            Self.clocksOn, Self.pointerAtAccumulator,
            .write([0xFE, 0x20], [0xF4, 0x05]), .read([0x3A], count: 73),      // 0x400 + 500 = 0x5F4
            Self.clocksOff,
        ])
        #expect(response.accumulator == .secureTimestamp)
        #expect(response.accumulatorLength == 512)
        #expect(response.samples.count == 12)
        #expect(response.firstPathIndex == nil)
        #expect(response.accumulatedSymbols == nil)
    }

    @Test("a DW3x20 in PDoA mode 3 fills the second STS accumulator from sample 0x600")
    func secondSecureTimestampAccumulator() throws {
        let bus = DW3000Fixture.bus(deviceID: 0xDECA_0312)
        let chip = try DW3000Fixture.configured(bus, DW3000Fixture.channelNine(secureTimestamps: DW3000Fixture.secureTimestamps()))
        try Self.receiveFrame(on: bus, chip: chip)
        let response = try chip.readChannelImpulseResponse(.secureTimestampSecondHalf, samples: nil)
        #expect(bus.trace == [
            Self.clocksOn, Self.pointerAtAccumulator,
            .write([0xFE, 0x20], [0x00, 0x06]), .read([0x3A], count: 769),
            .write([0xFE, 0x20], [0x80, 0x06]), .read([0x3A], count: 769),
            .write([0xFE, 0x20], [0x00, 0x07]), .read([0x3A], count: 769),
            .write([0xFE, 0x20], [0x80, 0x07]), .read([0x3A], count: 769),
            Self.clocksOff,
        ])
        #expect(response.samples.count == 512)
    }

    @Test("at 16 MHz PRF the Ipatov accumulator has 992 samples")
    func sixteenMegahertz() throws {
        let bus = DW3000Fixture.bus()
        let config = try RadioConfig(
            channel: .five, pulseRepetitionFrequency: .sixteenMegahertz, preambleLength: .symbols128, preambleCode: 3,
            dataRate: .mbps6_8)
        let chip = try DW3000Fixture.configured(bus, config)
        try Self.receiveFrame(on: bus, chip: chip)
        let response = try chip.readChannelImpulseResponse(.preamble, samples: nil)
        let reads = bus.trace.filter { $0.header == [0x3A] }
        #expect(reads.count == 8)
        #expect(reads.last == .read([0x3A], count: 577))                     // 1 + 6 × (992 − 7 × 128)
        #expect(response.samples.count == 992)
        #expect(throws: TransceiverError.samplesOutsideAccumulator(requested: 0..<993, valid: 0..<992, accumulator: .preamble)) {
            try chip.readChannelImpulseResponse(.preamble, samples: 0..<993)
        }
    }

    @Test("before any frame is received there is nothing to read: refused without touching the bus")
    func refusedBeforeReception() throws {
        let bus = DW3000Fixture.bus()
        let chip = try DW3000Fixture.configured(bus)
        let error = #expect(throws: TransceiverError.noReceptionToRead) {
            try chip.readChannelImpulseResponse(.preamble, samples: nil)
        }
        #expect(error?.description.contains("receive a frame first, then read its CIR") == true)
        #expect(bus.trace.isEmpty)
    }

    @Test("configuring again forgets the last reception")
    func refusedAfterReconfiguring() throws {
        let bus = DW3000Fixture.bus()
        let chip = try DW3000Fixture.configured(bus)
        try Self.receiveFrame(on: bus, chip: chip)
        try chip.configure(DW3000Fixture.channelNine())
        bus.clearTrace()
        #expect(throws: TransceiverError.noReceptionToRead) {
            try chip.readChannelImpulseResponse(.preamble, samples: nil)
        }
        #expect(bus.trace.isEmpty)
    }

    @Test("ranges outside the accumulator, or empty, are refused naming the valid range", arguments: [
        (ImpulseResponseAccumulator.preamble, 1000..<1017, 0..<1016),
        (.preamble, -4..<2, 0..<1016),
        (.secureTimestamp, 0..<513, 0..<512),
        (.secureTimestamp, 7..<7, 0..<512),
    ])
    func refusedRanges(accumulator: ImpulseResponseAccumulator, range: Range<Int>, valid: Range<Int>) throws {
        let bus = DW3000Fixture.bus()
        let chip = try DW3000Fixture.configured(bus, DW3000Fixture.channelNine(secureTimestamps: DW3000Fixture.secureTimestamps()))
        try Self.receiveFrame(on: bus, chip: chip)
        let error = #expect(throws: TransceiverError.samplesOutsideAccumulator(requested: range, valid: valid, accumulator: accumulator)) {
            try chip.readChannelImpulseResponse(accumulator, samples: range)
        }
        #expect(error?.description.contains("whose samples are \(valid.lowerBound)..<\(valid.upperBound)") == true)
        #expect(bus.trace.isEmpty)
    }

    @Test("STS accumulators the configuration leaves empty are refused, saying what to read instead", arguments: [
        (ImpulseResponseAccumulator.secureTimestamp, UInt32(0xDECA_0302), false, "configure an STS"),
        (.secureTimestampSecondHalf, 0xDECA_0302, true, "one antenna port"),
        (.secureTimestampSecondHalf, 0xDECA_0312, false, "PDoA mode 3"),
    ])
    func refusedAccumulators(accumulator: ImpulseResponseAccumulator, deviceID: UInt32, secure: Bool, hint: String) throws {
        let bus = DW3000Fixture.bus(deviceID: deviceID)
        let config = try DW3000Fixture.channelNine(secureTimestamps: secure ? DW3000Fixture.secureTimestamps() : nil)
        let chip = try DW3000Fixture.configured(bus, config)
        try Self.receiveFrame(on: bus, chip: chip)
        let error = #expect(throws: TransceiverError.self) {
            try chip.readChannelImpulseResponse(accumulator, samples: nil)
        }
        guard case .accumulatorUnavailable(accumulator, let reason)? = error else {
            Issue.record("expected accumulatorUnavailable, got \(String(describing: error))")
            return
        }
        #expect(reason.contains(hint))
        #expect(bus.trace.isEmpty)
    }

    @Test("a read that fails midway still turns the clocks off, then reports the bus error", arguments: [false, true])
    func clocksOffAfterFailure(batching: Bool) throws {
        let fake = DW3000Fixture.bus()
        fake.batchingReducesCost = batching
        let bus = FailingDW3000Bus(fake)
        let chip = try DW3000(bus: bus, chip: .first)
        try chip.configure(DW3000Fixture.channelNine())
        try Self.receiveFrame(on: fake, chip: chip)
        bus.failReads(ofFile: 0x1D)
        #expect(throws: TransceiverError.bus(FailingDW3000Bus.failure)) {
            try chip.readChannelImpulseResponse(.preamble, samples: nil)
        }
        // The failing read is not recorded: the bus refused it before the fake saw it.
        #expect(fake.trace == [Self.clocksOn, Self.pointerAtAccumulator, .write([0xFE, 0x20], [0x00, 0x00]), Self.clocksOff])
        #expect(fake.stored(file: 0x11, offset: 0x04, count: 2) == [0x00, 0x02])
    }

    @Test("a read that fails at the third chunk turns the clocks off after the chunks already read")
    func clocksOffAfterFailureMidway() throws {
        let fake = DW3000Fixture.bus()
        let bus = FailingDW3000Bus(fake)
        let chip = try DW3000(bus: bus, chip: .first)
        try chip.configure(DW3000Fixture.channelNine())
        try Self.receiveFrame(on: fake, chip: chip)
        bus.failReads(ofFile: 0x1D, after: 2)
        #expect(throws: TransceiverError.bus(FailingDW3000Bus.failure)) {
            try chip.readChannelImpulseResponse(.preamble, samples: nil)
        }
        #expect(fake.trace == [
            Self.clocksOn, Self.pointerAtAccumulator,
            .write([0xFE, 0x20], [0x00, 0x00]), .read([0x3A], count: 769),
            .write([0xFE, 0x20], [0x80, 0x00]), .read([0x3A], count: 769),
            .write([0xFE, 0x20], [0x00, 0x01]),
            Self.clocksOff,
        ])
        #expect(fake.stored(file: 0x11, offset: 0x04, count: 2) == [0x00, 0x02])
    }

    /// `real` and `imaginary` as the chip stores them: two 24-bit two's complement parts, low octet first.
    static func sample(_ real: Int32, _ imaginary: Int32) -> [UInt8] {
        [real, imaginary].flatMap { part in (0..<3).map { UInt8(truncatingIfNeeded: part >> (8 * $0)) } }
    }

    /// Has the driver read a good frame (RXFCG, 12 octets; IP_DIAG_8 745.5, IP_DIAG_12 120), then
    /// clears the trace.
    static func receiveFrame(on bus: FakeSPIBus, chip: DW3000) throws {
        bus.preset(file: 0x00, offset: 0x44, [0x00, 0x40, 0x00, 0x00])      // SYS_STATUS.RXFCG
        bus.preset(file: 0x00, offset: 0x4C, [0x0C, 0x00, 0x00, 0x00])      // RX_FINFO.RXFLEN 12
        bus.preset(file: 0x0C, offset: 0x48, [0x60, 0xBA, 0x00, 0x00])      // 0xBA60 / 64 = 745.5
        bus.preset(file: 0x0C, offset: 0x58, [0x78, 0x00, 0x00, 0x00])      // 120 symbols
        let events = try chip.handleInterrupt()
        guard case .frameReceived = events.first else {
            Issue.record("expected a received frame, got \(events)")
            return
        }
        bus.preset(file: 0x00, offset: 0x44, [0x00, 0x00, 0x00, 0x00])
        bus.clearTrace()
    }
}

/// A bus in front of a DW3000's ``FakeSPIBus`` that can make reads of one register file fail, to
/// test what the driver does when a transfer breaks midway.
final class FailingDW3000Bus: SPIBus {
    /// The error a failing read throws.
    static let failure = SPIBusError.transferFailed("test: the bus broke during the accumulator read")

    let fake: FakeSPIBus
    private var failingFile: UInt8?
    private var readsBeforeFailure = 0

    init(_ fake: FakeSPIBus) {
        self.fake = fake
    }

    var chipCount: Int { fake.chipCount }
    var batchingReducesCost: Bool { fake.batchingReducesCost }

    /// Reads of `file` throw ``failure`` once `count` of them have gone through.
    func failReads(ofFile file: UInt8, after count: Int = 0) {
        failingFile = file
        readsBeforeFailure = count
    }

    func transfer(_ transaction: SPITransaction, on chip: ChipSelect) throws(SPIBusError) -> [UInt8] {
        if transaction.responseLength > 0, case .register(let header, _)? = try? DW3000SPIHeader.decode(transaction.header),
            header.file == failingFile {
            guard readsBeforeFailure > 0 else { throw Self.failure }
            readsBeforeFailure -= 1
        }
        return try fake.transfer(transaction, on: chip)
    }

    func waitForInterrupt(on chip: ChipSelect, until deadline: ContinuousClock.Instant) throws(SPIBusError) -> Bool {
        try fake.waitForInterrupt(on: chip, until: deadline)
    }

    func reset(_ chip: ChipSelect) throws(SPIBusError) { try fake.reset(chip) }

    func useClock(_ clock: SPIClock) throws(SPIBusError) { try fake.useClock(clock) }
}
