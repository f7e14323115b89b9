import DW1000

/// The storage of a virtual DW1000: every register file of the register map, sized to its last
/// sub-register, holding its reset values, with the map's access rules.
struct RegisterFile {
    /// One register file's layout.
    struct Layout {
        /// The register for the whole file.
        let file: Register
        /// Its sub-registers, empty when the file is one register.
        let parts: [Register]
        /// The octet ranges that must not be written.
        let readOnly: [(range: Range<Int>, name: String)]

        /// Whether each octet of the file belongs to a documented register.
        var documented: [Bool] {
            guard !parts.isEmpty else { return [Bool](repeating: true, count: file.length) }
            var flags = [Bool](repeating: false, count: file.length)
            for part in parts {
                for index in Int(part.offset)..<min(file.length, Int(part.offset) + part.length) {
                    flags[index] = true
                }
            }
            return flags
        }
    }

    /// Layouts by file ID (nil for reserved IDs), built once from ``Register/all``.
    static let layouts: [Layout?] = {
        var layouts = [Layout?](repeating: nil, count: 64)
        for register in Register.all {
            let id = Int(register.file)
            if let existing = layouts[id] {
                layouts[id] = Layout(file: existing.file, parts: existing.parts + [register], readOnly: existing.readOnly
                    + (isReadOnly(register) ? [(Int(register.offset)..<Int(register.offset) + register.length, register.name)] : []))
            } else {
                layouts[id] = Layout(file: register, parts: [],
                                     readOnly: isReadOnly(register) ? [(0..<register.length, register.name)] : [])
            }
        }
        return layouts
    }()

    /// For each file ID, which octets belong to a documented register.
    static let documented: [[Bool]] = layouts.map { $0?.documented ?? [] }

    private static func isReadOnly(_ register: Register) -> Bool {
        register.access == .readOnly || register.access == .readOnlyDoubleBuffered
    }

    /// The octets of each file, by file ID.
    private var octets: [[UInt8]]

    /// A register file at its reset values.
    init() {
        octets = Self.layouts.map { layout in [UInt8](repeating: 0, count: layout?.file.length ?? 0) }
        for register in Register.all {
            if let reset = register.resetValue {
                set(register, reset)
            }
        }
    }

    /// Checks that an access of `length` octets at `subIndex` in `file` stays inside documented
    /// registers, and that a write touches no read-only register and a read no write-only one.
    func validate(file: UInt8, subIndex: Int, length: Int, writing: Bool) throws(VirtualChipError) {
        guard let layout = Self.layouts[Int(file & 0x3F)] else {
            throw .unmodelledRegister(file: file, subIndex: subIndex)
        }
        let range = subIndex..<(subIndex + length)
        guard range.upperBound <= layout.file.length else {
            throw .outsideRegister(name: layout.file.name, subIndex: subIndex, length: length)
        }
        let documented = Self.documented[Int(file)]
        for index in range where !documented[index] {
            throw .outsideRegister(name: layout.file.name, subIndex: subIndex, length: length)
        }
        if writing, let hit = layout.readOnly.first(where: { $0.range.overlaps(range) }) {
            throw .writeToReadOnly(name: hit.name)
        }
        if !writing, layout.file.access == .writeOnly {
            throw .readFromWriteOnly(name: layout.file.name)
        }
    }

    /// `count` octets of `file` from `offset`.
    func read(file: UInt8, offset: Int, count: Int) -> [UInt8] {
        Array(octets[Int(file)][offset..<(offset + count)])
    }

    /// Stores octets in `file` from `offset`.
    mutating func write(file: UInt8, offset: Int, _ data: [UInt8]) {
        octets[Int(file)].replaceSubrange(offset..<(offset + data.count), with: data)
    }

    /// The little-endian value of a register of up to 8 octets.
    func value(_ register: Register) -> UInt64 {
        var value: UInt64 = 0
        let base = Int(register.offset)
        for index in 0..<min(8, register.length) {
            value |= UInt64(octets[Int(register.file)][base + index]) << (8 * index)
        }
        return value
    }

    /// Stores a value in a register (its low `register.length` octets; octets beyond 8 are zero).
    mutating func set(_ register: Register, _ value: UInt64) {
        let base = Int(register.offset)
        for index in 0..<register.length {
            octets[Int(register.file)][base + index] = index < 8 ? UInt8(truncatingIfNeeded: value >> (8 * index)) : 0
        }
    }

    /// Stores octets in a register from its start.
    mutating func set(_ register: Register, octets data: [UInt8]) {
        write(file: register.file, offset: Int(register.offset), Array(data.prefix(register.length)))
    }
}
