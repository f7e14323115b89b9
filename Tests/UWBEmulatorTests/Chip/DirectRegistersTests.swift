import DW1000Driver
import Testing
import UWBCore
@testable import UWBEmulator

/// One register access as SPI carries it: the transaction and what the chip answered (the octets
/// read; for a read of a value, its first 8 octets at most).
private struct Access: Hashable {
    let transaction: SPITransaction
    let answer: [UInt8]
}

/// The low `count` (at most 8) octets of `value`, low octet first.
private func octets(_ value: UInt64, count: Int) -> [UInt8] {
    (0..<min(count, 8)).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
}

/// A board bus that offers only SPI transactions, logging each with its answer: how a driver
/// reaches a virtual DW1000 when its bus is not a `DW1000RegisterBus`.
private final class LoggingSPIBus: SPIBus {
    let board: VirtualBoardBus
    var log: [Access] = []

    init(_ board: VirtualBoardBus) {
        self.board = board
    }

    var chipCount: Int { board.chipCount }

    func transfer(_ transaction: SPITransaction, on chip: ChipSelect) throws(SPIBusError) -> [UInt8] {
        let answer = try board.transfer(transaction, on: chip)
        log.append(Access(transaction: transaction, answer: answer))
        return answer
    }

    func transferReadingValue(_ transaction: SPITransaction, on chip: ChipSelect) throws(SPIBusError) -> (value: UInt64, count: Int) {
        let read = try board.transferReadingValue(transaction, on: chip)
        log.append(Access(transaction: transaction, answer: octets(read.value, count: read.count)))
        return read
    }

    func transferWritingValue(_ value: UInt64, count: Int, header: [UInt8], on chip: ChipSelect) throws(SPIBusError) {
        try board.transferWritingValue(value, count: count, header: header, on: chip)
        let body = (0..<count).map { $0 < 8 ? UInt8(truncatingIfNeeded: value >> (8 * $0)) : 0 }
        log.append(Access(transaction: SPITransaction(header: header, body: .write(body)), answer: []))
    }

    func waitForInterrupt(on chip: ChipSelect, until deadline: ContinuousClock.Instant) throws(SPIBusError) -> Bool {
        try board.waitForInterrupt(on: chip, until: deadline)
    }

    func reset(_ chip: ChipSelect) throws(SPIBusError) {
        try board.reset(chip)
    }
}

/// A board bus whose DW1000s the driver reaches through their direct registers, logging each
/// access as the SPI transaction it stands for, and each SPI transaction it still sends.
private final class LoggingDirectBus: DW1000RegisterBus {
    let spi: LoggingSPIBus

    init(_ board: VirtualBoardBus) {
        spi = LoggingSPIBus(board)
    }

    var log: [Access] {
        get { spi.log }
        set { spi.log = newValue }
    }

    var chipCount: Int { spi.chipCount }

    func transfer(_ transaction: SPITransaction, on chip: ChipSelect) throws(SPIBusError) -> [UInt8] {
        try spi.transfer(transaction, on: chip)
    }

    func waitForInterrupt(on chip: ChipSelect, until deadline: ContinuousClock.Instant) throws(SPIBusError) -> Bool {
        try spi.waitForInterrupt(on: chip, until: deadline)
    }

    func reset(_ chip: ChipSelect) throws(SPIBusError) {
        try spi.reset(chip)
    }

    func directRegisters(on chip: ChipSelect) -> (any DW1000DirectRegisters)? {
        spi.board.directRegisters(on: chip).map { LoggingRegisters($0, bus: self) }
    }
}

/// Direct registers that log each access, as its SPI transaction, on their bus.
private final class LoggingRegisters: DW1000DirectRegisters {
    let registers: any DW1000DirectRegisters
    unowned let bus: LoggingDirectBus

    init(_ registers: any DW1000DirectRegisters, bus: LoggingDirectBus) {
        self.registers = registers
        self.bus = bus
    }

    private func header(_ operation: DW1000SPIOperation, file: UInt8, subIndex: UInt16) throws -> [UInt8] {
        try DW1000SPIHeader(operation, file: file, subIndex: subIndex).bytes
    }

    private func record(_ operation: DW1000SPIOperation, file: UInt8, subIndex: UInt16, body: SPITransaction.Body, answer: [UInt8]) {
        let header = (try? header(operation, file: file, subIndex: subIndex)) ?? []
        bus.log.append(Access(transaction: SPITransaction(header: header, body: body), answer: answer))
    }

    func read(file: UInt8, subIndex: UInt16, count: Int) throws(SPIBusError) -> [UInt8] {
        let answer = try registers.read(file: file, subIndex: subIndex, count: count)
        record(.read, file: file, subIndex: subIndex, body: .read(count: count), answer: answer)
        return answer
    }

    func readValue(file: UInt8, subIndex: UInt16, count: Int) throws(SPIBusError) -> UInt64 {
        let value = try registers.readValue(file: file, subIndex: subIndex, count: count)
        record(.read, file: file, subIndex: subIndex, body: .read(count: count), answer: octets(value, count: count))
        return value
    }

    func write(file: UInt8, subIndex: UInt16, octets: [UInt8]) throws(SPIBusError) {
        try registers.write(file: file, subIndex: subIndex, octets: octets)
        record(.write, file: file, subIndex: subIndex, body: .write(octets), answer: [])
    }

    func write(file: UInt8, subIndex: UInt16, value: UInt64, count: Int) throws(SPIBusError) {
        try registers.write(file: file, subIndex: subIndex, value: value, count: count)
        let body = (0..<count).map { $0 < 8 ? UInt8(truncatingIfNeeded: value >> (8 * $0)) : 0 }
        record(.write, file: file, subIndex: subIndex, body: .write(body), answer: [])
    }
}

/// What a run of two drivers on a bench gave: every access, every result, and the chips after.
private struct BenchRun: Equatable {
    var log: [Access] = []
    var events: [[TransceiverEvent]] = []
    var impulseResponse: ChannelImpulseResponse?
    var failures: [String] = []
    var times: [DeviceTime] = []
    var transactionCounts: [Int] = []
    var registerFiles: [[UInt8]] = []
}

@Suite("Virtual DW1000: the driver's direct register path")
struct DirectRegistersTests {
    /// Every octet of a chip's register files, file by file.
    private static func registerFile(of chip: VirtualDW1000) -> [UInt8] {
        RegisterFile.layouts.enumerated().flatMap { id, layout in
            layout.map { chip.registers.read(file: UInt8(id), offset: 0, count: $0.length) } ?? []
        }
    }

    /// Brings up two drivers on a bench through `makeBus`, has one send a frame the other
    /// receives, reads it with its first-path phase and its CIR, misses a delayed start (in the past), and
    /// lets a receive window time out.
    private static func run(_ makeBus: (VirtualBoardBus) -> any SPIBus, log: (any SPIBus) -> [Access]) throws -> BenchRun {
        let bench = ChipBench()
        let chips = [bench.addChip(), bench.addChip()]
        let bus = makeBus(VirtualBoardBus(chips: chips))
        let sender = try DW1000(bus: bus, chip: .first)
        let receiver = try DW1000(bus: bus, chip: try ChipSelect(1))
        receiver.measuresFirstPathPhase = true
        var run = BenchRun()
        for driver in [sender, receiver] {
            try driver.configure(.ranging)
        }
        try receiver.enableReceiver(ReceiveWindow(timeout: DeviceDuration(ticks: 64_000_000)))
        bench.run(for: .microseconds(100))
        try sender.transmitImmediately([0x41, 0x88, 7, 0xCA, 0xDE, 2, 0, 1, 0, 0x10, 0x20, 0x30], awaiting: nil)
        bench.run(for: .milliseconds(1))
        run.events.append(try sender.handleInterrupt())
        run.events.append(try receiver.handleInterrupt())
        run.impulseResponse = try receiver.readChannelImpulseResponse(.preamble, samples: 700..<760)
        let now = try receiver.systemTime()
        run.times.append(now)
        do {
            let past = DeviceTime(wrapping: now.ticks &- 64_000_000)
            try receiver.enableReceiver(ReceiveWindow(start: past, timeout: DeviceDuration(ticks: 64_000_000)))
        } catch {
            run.failures.append(error.description)
        }
        try receiver.enableReceiver(ReceiveWindow(timeout: DeviceDuration(ticks: 64_000_000)))
        bench.run(for: .milliseconds(2))
        run.events.append(try receiver.handleInterrupt())
        run.times.append(try sender.systemTime())
        try sender.turnOff()
        run.log = log(bus)
        run.transactionCounts = chips.map(\.transactionCount)
        run.registerFiles = chips.map(registerFile(of:))
        return run
    }

    @Test("a driver on the direct registers makes the accesses it makes over SPI, with the same answers and effects")
    func sameAccessesAsSPI() throws {
        let direct = try Self.run({ LoggingDirectBus($0) }, log: { ($0 as? LoggingDirectBus)?.log ?? [] })
        let spi = try Self.run({ LoggingSPIBus($0) }, log: { ($0 as? LoggingSPIBus)?.log ?? [] })
        #expect(direct.log.count > 100, "the run makes \(direct.log.count) accesses")
        #expect(direct.failures.count == 1, "the delayed start was late: \(direct.failures)")
        #expect(direct.events.flatMap { $0 }.contains { if case .frameReceived = $0 { true } else { false } })
        #expect(direct.events.last?.contains(.receiveTimeout) == true)
        for (index, (one, other)) in zip(direct.log, spi.log).enumerated() where one != other {
            Issue.record("access \(index): direct \(one), SPI \(other)")
            break
        }
        #expect(direct == spi)
    }

    @Test("a virtual DW1000's direct registers fail as its bus does: refused accesses and an unplugged board")
    func sameFailures() throws {
        let board = VirtualBoardBus(chips: [ChipBench().addChip()])
        let registers = try #require(board.directRegisters(on: .first))
        #expect(board.directRegisters(on: try ChipSelect(1)) == nil)
        let refused = { (transaction: SPITransaction) -> SPIBusError? in
            #expect(throws: SPIBusError.self) { try board.transfer(transaction, on: .first) }
        }
        #expect(#expect(throws: SPIBusError.self) { try registers.read(file: 0x09, subIndex: 0, count: 4) }
                == refused(SPITransaction(header: [0x09], body: .read(count: 4))))
        #expect(#expect(throws: SPIBusError.self) { try registers.readValue(file: 0x00, subIndex: 2, count: 4) }
                == refused(SPITransaction(header: [0x40, 0x02], body: .read(count: 4))))
        #expect(#expect(throws: SPIBusError.self) { try registers.write(file: 0x00, subIndex: 0, octets: [1]) }
                == refused(SPITransaction(header: [0x80], body: .write([1]))))
        #expect(#expect(throws: SPIBusError.self) { try registers.write(file: 0x0B, subIndex: 0, value: 1, count: 2) }
                == refused(SPITransaction(header: [0x8B], body: .write([1, 0]))))
        #expect(try registers.readValue(file: 0x00, subIndex: 0, count: 4) == 0xDECA_0130)
        board.unplug()
        #expect(#expect(throws: SPIBusError.self) { try registers.readValue(file: 0x00, subIndex: 0, count: 4) }
                == .disconnected("the emulated board was unplugged"))
        #expect(#expect(throws: SPIBusError.self) { try registers.read(file: 0x00, subIndex: 0, count: 4) }
                == .disconnected("the emulated board was unplugged"))
        #expect(#expect(throws: SPIBusError.self) { try registers.write(file: 0x03, subIndex: 0, octets: [1]) }
                == .disconnected("the emulated board was unplugged"))
        #expect(#expect(throws: SPIBusError.self) { try registers.write(file: 0x03, subIndex: 0, value: 1, count: 1) }
                == .disconnected("the emulated board was unplugged"))
    }
}
