import DW1000Driver
import UWBCore
@testable import UWBEmulator

/// A bench for chip tests: virtual DW1000s on one simulator with an ideal air between them.
/// Every frame reaches every other chip at the instant it leaves (no flight time) along one clear path
/// at the level the test sets, so register values can be checked against the user manual and analytic
/// values.
final class ChipBench: ChipEnvironment {
    let simulator = Simulator()
    private(set) var chips: [VirtualDW1000] = []
    /// Every transmission, with the chip that sent it and the time its preamble started.
    private(set) var transmissions: [(chip: Int, transmission: Transmission, time: SimulationTime)] = []
    /// Every IRQ line change, as (chip, asserted, time).
    private(set) var interruptChanges: [(chip: Int, asserted: Bool, time: SimulationTime)] = []
    /// Whether each chip locked onto each arrival, as (receiving chip, locked).
    private(set) var locks: [(chip: Int, locked: Bool)] = []
    /// Every frame a chip's frame filter rejected, as (receiving chip, time).
    private(set) var rejections: [(chip: Int, time: SimulationTime)] = []
    /// The level of every arrival, all in its one path.
    var receivedLevel = PowerLevel(dBm: -80)

    /// Adds a chip with its own oscillator (or a shared one) and a known counter phase.
    @discardableResult
    func addChip(
        offset: Double = 0, oscillator: Oscillator? = nil, counterPhase: Double = 0,
        hardware: ChipHardware = ChipBench.hardware()
    ) -> VirtualDW1000 {
        let clock = oscillator ?? Oscillator(offset: ClockOffset(partsPerMillion: offset), drift: 0, random: SeededRandom(seed: 7))
        let chip = VirtualDW1000(
            name: "bench/CS\(chips.count)", hardware: hardware, oscillator: clock, counterPhase: counterPhase,
            random: SeededRandom(seed: UInt64(chips.count + 1)))
        chip.environment = self
        chips.append(chip)
        return chip
    }

    /// Hardware with the given antenna delays and EUI.
    static func hardware(
        transmitDelay: Int64 = 16_400, receiveDelay: Int64 = 16_500, eui: UInt64 = 0x0123_4567_89AB_CDEF,
        crystalTrim: UInt8 = 0x10
    ) -> ChipHardware {
        ChipHardware(
            transmitAntennaDelay: DeviceDuration(ticks: transmitDelay), receiveAntennaDelay: DeviceDuration(ticks: receiveDelay),
            phaseOffset: .zero, extendedUniqueIdentifier: eui, crystalTrim: crystalTrim)
    }

    func transmissionStarts(_ transmission: Transmission, from chip: VirtualRadio) {
        guard let sender = chips.firstIndex(where: { $0 === chip }) else { return }
        transmissions.append((sender, transmission, simulator.now))
        let arrival = Arrival(
            transmission: transmission, order: TransmissionOrder(sender: UInt64(sender), count: transmissions.count - 1), sender: sender, start: transmission.start, rmarker: transmission.rmarker, end: transmission.end,
            receivedLevel: receivedLevel, channel: .direct(level: receivedLevel), carrierPhase: .zero,
            detectable: true, decodable: true)
        for (index, receiver) in chips.enumerated() where index != sender {
            locks.append((index, receiver.preambleArrives(arrival)))
        }
    }

    func receptionFinished(_ arrival: Arrival, at chip: VirtualRadio) -> ReceptionOutcome {
        .received
    }

    func receptionRejected(_ arrival: Arrival, at chip: VirtualRadio) {
        guard let index = chips.firstIndex(where: { $0 === chip }) else { return }
        rejections.append((index, simulator.now))
    }

    func receptionLost(_ arrival: Arrival, at chip: VirtualRadio) {}

    func secureTimestampsOnAir(during arrival: Arrival, at chip: VirtualRadio) -> [SecureTimestampOnAir] {
        [SecureTimestampOnAir(arrival)].compactMap { $0 }
    }

    func interruptChanged(on chip: VirtualRadio) {
        guard let index = chips.firstIndex(where: { $0 === chip }) else { return }
        interruptChanges.append((index, chip.interruptAsserted, simulator.now))
    }

    /// Lets virtual time pass to `seconds` after the start.
    func run(untilSeconds seconds: Double) {
        simulator.run(until: SimulationTime(seconds: seconds))
    }

    /// Lets `duration` of virtual time pass.
    func run(for duration: Duration) {
        simulator.run(until: simulator.now + duration)
    }
}

/// Register access at the SPI level, through the chip's own transaction handler.
extension VirtualDW1000 {
    /// Reads `count` octets of `register` from octet `offset`.
    func readOctets(_ register: DW1000Register, offset: Int = 0, count: Int? = nil) throws -> [UInt8] {
        let header = try DW1000SPIHeader(.read, register: register, offset: offset)
        return try transfer(SPITransaction(header: header.bytes, body: .read(count: count ?? register.length - offset)))
    }

    /// Reads a register of up to 8 octets as a little-endian value.
    func read(_ register: DW1000Register) throws -> UInt64 {
        try readOctets(register).prefix(8).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * $1.offset) }
    }

    /// Writes octets to `register` from octet `offset`.
    func writeOctets(_ register: DW1000Register, offset: Int = 0, _ octets: [UInt8]) throws {
        let header = try DW1000SPIHeader(.write, register: register, offset: offset)
        _ = try transfer(SPITransaction(header: header.bytes, body: .write(octets)))
    }

    /// Writes a value to the whole of a register of up to 8 octets.
    func write(_ register: DW1000Register, _ value: UInt64) throws {
        try writeOctets(register, (0..<register.length).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) })
    }

    /// Writes a SYS_CTRL command.
    func command(_ bits: BitField...) throws {
        try write(.sysCtrl, bits.reduce(UInt64(0)) { $0 | $1.mask })
    }

    /// SYS_STATUS as a 40-bit value.
    func status() throws -> UInt64 {
        try read(.sysStatus)
    }

    /// Whether a SYS_STATUS bit is set.
    func has(_ bit: BitField) throws -> Bool {
        try status() & bit.mask != 0
    }

    /// Programs CHAN_CTRL, TX_FCTRL and SYS_CFG.RXM110K for `config` from the UM §7.2.10 and
    /// §7.2.32 field layouts, with a frame of `frameLength` octets (FCS included).
    func program(_ config: RadioConfig, frameLength: Int = 12) throws {
        let prf: UInt64 = config.pulseRepetitionFrequency == .sixteenMegahertz ? 0b01 : 0b10
        let channel = UInt64(config.channel.number)
        let code = UInt64(config.preambleCode)
        try write(.chanCtrl, channel | channel << 4 | (config.startOfFrameDelimiter == .decawave ? 1 << 17 : 0)
            | prf << 18 | code << 22 | code << 27)
        let (repetitions, extensionCode) = ChipTables.preambleCodes[config.preambleLength.symbols] ?? (0, 0)
        let rate: UInt64 = switch config.dataRate {
        case .kbps110: 0b00
        case .kbps850: 0b01
        case .mbps6_8: 0b10
        }
        try write(.txFctrl, UInt64(frameLength & 0x7F) | UInt64(frameLength >> 7) << 7 | rate << 13 | prf << 16
            | repetitions << 18 | extensionCode << 20)
        let sysCfg = try read(.sysCfg) & ~(UInt64(1) << 22)
        try write(.sysCfg, sysCfg | (config.dataRate == .kbps110 ? 1 << 22 : 0))
    }
}

/// Values from the user manual's tables, typed in from the manual.
enum ChipTables {
    /// TXPSR/PE (TX_FCTRL bits 19:18 / 21:20, UM §7.2.10) by preamble length in symbols.
    static let preambleCodes: [Int: (UInt64, UInt64)] = [
        64: (0b01, 0b00), 128: (0b01, 0b01), 256: (0b01, 0b10), 512: (0b01, 0b11),
        1024: (0b10, 0b00), 1536: (0b10, 0b01), 2048: (0b10, 0b10), 4096: (0b11, 0b00),
    ]
    /// One device tick: 1/(128 × 499.2 MHz) s.
    static let tickSeconds = 1 / 63.8976e9
    /// The RX_FWTO and W4R_TIM unit: 512 cycles of 499.2 MHz.
    static let frameWaitUnitSeconds = 512 / 499.2e6
    /// 2⁴⁰.
    static let wrap: UInt64 = 1 << 40
}
