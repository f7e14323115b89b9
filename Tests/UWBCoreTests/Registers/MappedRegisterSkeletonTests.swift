import Testing
import UWBCore

/// A made-up third chip family, as small as a family can be: a register map of two registers and a
/// one-octet header (bit 7 read, bits 6–0 the register's address plus the offset). Everything else
/// comes from UWBCore's skeleton.
private struct ToyRegister: MappedRegister {
    let name: String
    let file: UInt8
    let offset: UInt16
    let length: Int
    let access: RegisterAccess
    let section: String
    var description: String { "\(name) (0x\(String(file, radix: 16)), \(length) octets)" }

    static let status = ToyRegister(name: "STATUS", file: 0x10, offset: 0, length: 2, access: .readOnly, section: "1")
    static let buffer = ToyRegister(name: "BUFFER", file: 0x60, offset: 0, length: 40, access: .readWrite, section: "2")
    static let all = [status, buffer]
    static let readEffects: [String: String] = [:]
    static let fieldsByName: [String: [BitField]] = [:]
    static let fieldMeanings: [String: [String: String]] = [:]

    func readHeader(offset: Int, length: Int) throws(SPIBusError) -> [UInt8] {
        let address = Int(file) + offset
        guard address <= 0x7F else { throw .transferFailed("\(name) octet \(offset) is beyond the toy's 7-bit address") }
        return [0x80 | UInt8(address)]
    }
}

/// A bus whose chip answers every read with `answer`, recording what it was sent.
private final class AnsweringBus: SPIBus {
    let chipCount = 1
    var answer: [UInt8]
    private(set) var sent: [SPITransaction] = []

    init(answer: [UInt8]) {
        self.answer = answer
    }

    func transfer(_ transaction: SPITransaction, on chip: ChipSelect) throws(SPIBusError) -> [UInt8] {
        sent.append(transaction)
        return answer
    }

    func waitForInterrupt(on chip: ChipSelect, until deadline: ContinuousClock.Instant) throws(SPIBusError) -> Bool { false }
    func reset(_ chip: ChipSelect) throws(SPIBusError) {}
}

@Suite("The register skeleton a chip family fills in")
struct MappedRegisterSkeletonTests {
    @Test("a read transaction is the family's header and a read body of the octets asked, the rest of the register by default")
    func readTransaction() throws {
        #expect(try ToyRegister.status.readTransaction() == SPITransaction(header: [0x90], body: .read(count: 2)))
        #expect(try ToyRegister.buffer.readTransaction(offset: 4, count: 3) == SPITransaction(header: [0xE4], body: .read(count: 3)))
        #expect(try ToyRegister.buffer.readTransaction(offset: 30) == SPITransaction(header: [0xFE], body: .read(count: 10)))
    }

    @Test("an access outside the register is a driver bug, named as one; a header the family cannot build is its error")
    func refused() {
        #expect(throws: SPIBusError.transferFailed("3 octets at offset 0 do not fit STATUS (0x10, 2 octets); this is a driver bug, please report it")) {
            try ToyRegister.status.readTransaction(count: 3)
        }
        #expect(throws: SPIBusError.transferFailed("1 octets at offset -1 do not fit STATUS (0x10, 2 octets); this is a driver bug, please report it")) {
            try ToyRegister.status.checkAccess(offset: -1, length: 1)
        }
        #expect(throws: SPIBusError.transferFailed("BUFFER octet 32 is beyond the toy's 7-bit address")) {
            try ToyRegister.buffer.readTransaction(offset: 32, count: 1)
        }
    }

    @Test("reading a register sends one transaction and decodes the answer; a short answer names the register")
    func read() throws {
        let bus = AnsweringBus(answer: [0x34, 0x12])
        let reading = try MappedRegisterReading.read(ToyRegister.status, on: bus, chip: .first)
        #expect(reading.octets == [0x34, 0x12] && reading.value == 0x1234)
        #expect(bus.sent == [SPITransaction(header: [0x90], body: .read(count: 2))])
        bus.answer = [0x34]
        #expect(throws: SPIBusError.transferFailed("read of STATUS returned 1 octets instead of 2")) {
            try MappedRegisterReading.read(ToyRegister.status, on: bus, chip: .first)
        }
    }
}
