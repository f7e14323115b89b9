import DW1000

/// The storage of a virtual DW1000: every register file of the register map, sized to its last
/// sub-register, holding its reset values, with the map's access rules.
///
/// All files live in one flat octet array, each at a fixed base; the access rules are flat tables
/// built once, so an access copies no ``Register`` (whose names are strings) and allocates nothing
/// but the octets it returns.
struct RegisterFile {
    /// One register file's layout and access rules, as plain numbers.
    struct Layout {
        /// The whole file's mnemonic, for errors.
        let name: String
        /// The file's length in octets.
        let length: Int
        /// Where the file starts in the flat octet array.
        let base: Int
        /// Whether each octet of the file belongs to a documented register.
        let documented: [Bool]
        /// The octet ranges that must not be written, with their registers' mnemonics.
        let readOnly: [(range: Range<Int>, name: String)]
        /// Whether the whole file is write-only (TX_BUFFER).
        let writeOnly: Bool
    }

    /// Layouts by file ID (nil for reserved IDs), built once from ``Register/all``.
    static let layouts: [Layout?] = {
        var files = [Register?](repeating: nil, count: 64)
        var parts = [[Register]](repeating: [], count: 64)
        for register in Register.all {
            let id = Int(register.file)
            if files[id] == nil {
                files[id] = register
            } else {
                parts[id].append(register)
            }
        }
        var base = 0
        return files.indices.map { id -> Layout? in
            guard let file = files[id] else { return nil }
            var documented = [Bool](repeating: parts[id].isEmpty, count: file.length)
            for part in parts[id] {
                for index in Int(part.offset)..<min(file.length, Int(part.offset) + part.length) {
                    documented[index] = true
                }
            }
            let readOnly = ([file] + parts[id]).filter(isReadOnly).map { register in
                (range: Int(register.offset)..<Int(register.offset) + register.length, name: register.name)
            }
            defer { base += file.length }
            return Layout(name: file.name, length: file.length, base: base, documented: documented, readOnly: readOnly,
                          writeOnly: file.access == .writeOnly)
        }
    }()

    /// Where each file starts in the flat octet array, by file ID (0 for reserved IDs).
    private static let bases: [Int] = layouts.map { $0?.base ?? 0 }

    /// The octets of all files together.
    private static let totalLength = layouts.reduce(0) { $0 + ($1?.length ?? 0) }

    /// The octets of a register file at reset, before any register's reset value is applied.
    private static let resetOctets: [UInt8] = {
        var file = RegisterFile(octets: [UInt8](repeating: 0, count: totalLength))
        for register in Register.all {
            if let reset = register.resetValue {
                file.set(register, reset)
            }
        }
        return file.octets
    }()

    private static func isReadOnly(_ register: Register) -> Bool {
        register.access == .readOnly || register.access == .readOnlyDoubleBuffered
    }

    /// The octets of every file, each at its layout's base.
    private var octets: [UInt8]

    /// A register file at its reset values.
    init() {
        octets = Self.resetOctets
    }

    private init(octets: [UInt8]) {
        self.octets = octets
    }

    /// Checks that an access of `length` octets at `subIndex` in `file` stays inside documented
    /// registers, and that a write touches no read-only register and a read no write-only one.
    func validate(file: UInt8, subIndex: Int, length: Int, writing: Bool) throws(VirtualChipError) {
        guard let layout = Self.layouts[Int(file & 0x3F)] else {
            throw .unmodelledRegister(file: file, subIndex: subIndex)
        }
        let range = subIndex..<(subIndex + length)
        guard range.upperBound <= layout.length else {
            throw .outsideRegister(name: layout.name, subIndex: subIndex, length: length)
        }
        for index in range where !layout.documented[index] {
            throw .outsideRegister(name: layout.name, subIndex: subIndex, length: length)
        }
        if writing, let hit = layout.readOnly.first(where: { $0.range.overlaps(range) }) {
            throw .writeToReadOnly(name: hit.name)
        }
        if !writing, layout.writeOnly {
            throw .readFromWriteOnly(name: layout.name)
        }
    }

    /// `count` octets of `file` from `offset`.
    func read(file: UInt8, offset: Int, count: Int) -> [UInt8] {
        let start = Self.bases[Int(file)] + offset
        return Array(octets[start..<(start + count)])
    }

    /// Stores octets in `file` from `offset`.
    mutating func write(file: UInt8, offset: Int, _ data: [UInt8]) {
        let start = Self.bases[Int(file)] + offset
        octets.replaceSubrange(start..<(start + data.count), with: data)
    }

    /// The little-endian value of a register of up to 8 octets.
    func value(_ register: Register) -> UInt64 {
        let start = Self.bases[Int(register.file)] + Int(register.offset)
        let count = min(8, register.length)
        var value: UInt64 = 0
        for index in 0..<count {
            value |= UInt64(octets[start + index]) << (8 * index)
        }
        return value
    }

    /// Stores a value in a register (its low `register.length` octets; octets beyond 8 are zero).
    mutating func set(_ register: Register, _ value: UInt64) {
        let start = Self.bases[Int(register.file)] + Int(register.offset)
        let count = register.length
        for index in 0..<count {
            octets[start + index] = index < 8 ? UInt8(truncatingIfNeeded: value >> (8 * index)) : 0
        }
    }

    /// Stores octets in a register from its start.
    mutating func set(_ register: Register, octets data: [UInt8]) {
        write(file: register.file, offset: Int(register.offset), Array(data.prefix(register.length)))
    }
}
