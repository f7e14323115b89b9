import DW3000Driver
import UWBCore

/// The register files of a virtual DW3000 as octets, laid out by the generated register map
/// (`DW3000Register`, from `Hardware/dw3000/registers.json`): each base address holds as many
/// octets as its registers reach, and an access must start inside a documented register and stay
/// inside its base address (buffers and runs of registers are read in one transaction).
final class DW3000Memory {
    /// Per base address 0x00–0x1F: its octets (empty for a base address the map does not have).
    private var files: [[UInt8]]
    /// Per base address: its registers, the whole-file containers left out.
    private let registers: [[DW3000Register]]

    /// Memory at its reset values.
    init() {
        var registers = [[DW3000Register]](repeating: [], count: Int(DW3000SPIHeader.maxFile) + 1)
        var sizes = [Int](repeating: 0, count: registers.count)
        for register in DW3000Register.all {
            sizes[Int(register.file)] = max(sizes[Int(register.file)], Int(register.offset) + register.length)
            registers[Int(register.file)].append(register)
        }
        // A register at sub-address 0 that covers others is the file's container, not a register.
        self.registers = registers.map { file in
            file.filter { candidate in
                !(candidate.offset == 0 && file.contains { $0.offset > 0 && Int($0.offset) < candidate.length })
            }
        }
        files = sizes.map { [UInt8](repeating: 0, count: $0) }
        reset()
    }

    /// Every register back to its reset value (zero where the map gives none).
    func reset() {
        for index in files.indices {
            files[index] = [UInt8](repeating: 0, count: files[index].count)
        }
        for file in registers {
            for register in file {
                if let value = register.resetValue {
                    set(register, value)
                }
            }
        }
    }

    /// Checks an access of `length` octets at `offset` of `file`: it must start in a register the
    /// host may access that way and stay inside the base address.
    func validate(file: UInt8, offset: Int, length: Int, writing: Bool) throws(VirtualChipError) {
        let index = Int(file)
        guard registers.indices.contains(index),
              let register = registers[index].first(where: { Int($0.offset) <= offset && offset < Int($0.offset) + $0.length })
        else {
            throw .unmodelledRegister(file: file, subIndex: offset)
        }
        guard offset + length <= files[index].count else {
            throw .outsideRegister(name: register.name, subIndex: offset, length: length)
        }
        if writing, register.access == .readOnly || register.access == .readOnlyDoubleBuffered {
            throw .writeToReadOnly(name: register.name)
        }
        if !writing, register.access == .writeOnly {
            throw .readFromWriteOnly(name: register.name)
        }
    }

    /// `count` octets from `offset` of `file` (zeros past its end).
    func read(file: UInt8, offset: Int, count: Int) -> [UInt8] {
        let octets = files[Int(file)]
        return (0..<max(0, count)).map { offset + $0 < octets.count ? octets[offset + $0] : 0 }
    }

    /// Writes `octets` from `offset` of `file` (those past its end are dropped).
    func write(file: UInt8, offset: Int, _ octets: [UInt8]) {
        for (index, octet) in octets.enumerated() where offset + index < files[Int(file)].count {
            files[Int(file)][offset + index] = octet
        }
    }

    /// A register (or its first 8 octets) as a little-endian number.
    func value(_ register: DW3000Register) -> UInt64 {
        read(file: register.file, offset: Int(register.offset), count: min(8, register.length))
            .enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * $1.offset) }
    }

    /// Sets a register (up to its length, at most 8 octets) to `value`.
    func set(_ register: DW3000Register, _ value: UInt64) {
        write(file: register.file, offset: Int(register.offset),
              (0..<min(8, register.length)).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) })
    }

    /// Writes `octets` into a register from its start (cut to its length).
    func set(_ register: DW3000Register, octets: [UInt8]) {
        write(file: register.file, offset: Int(register.offset), Array(octets.prefix(register.length)))
    }

    /// A register's octets.
    func octets(_ register: DW3000Register) -> [UInt8] {
        read(file: register.file, offset: Int(register.offset), count: register.length)
    }
}
