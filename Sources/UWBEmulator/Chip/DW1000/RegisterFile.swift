import DW1000Driver

/// The storage of a virtual DW1000: every register file of the register map, sized to its last
/// sub-register, holding its reset values, with the map's access rules.
///
/// All files live in one flat block of octets, each at a fixed place (``storage``, which puts the
/// registers of a reception together); the access rules are flat tables built once, so an access
/// copies no ``DW1000Register`` (whose names are strings) and allocates nothing but the octets it
/// returns.
///
/// It is a class owning its block rather than a struct holding an array because the chip
/// updates its registers many times per frame: through a `let` reference and a pointer, an
/// update needs neither the dynamic exclusivity check that a mutation of a class's stored
/// property costs nor the array's copy-on-write test. A register file belongs to one chip and
/// is used on the simulator's one thread.
final class RegisterFile {
    /// One register file's layout and access rules, as plain numbers.
    struct Layout {
        /// The whole file's mnemonic, for errors.
        let name: String
        /// The file's length in octets.
        let length: Int
        /// Where the file starts in the map's order of all files' octets: in ``octetRules``.
        let base: Int
        /// Whether each octet of the file belongs to a documented register.
        let documented: [Bool]
        /// The octet ranges that must not be written, with their registers' mnemonics.
        let readOnly: [(range: Range<Int>, name: String)]
        /// Whether the whole file is write-only (TX_BUFFER).
        let writeOnly: Bool
    }

    /// Where one register lives in the flat octet block: what ``value(_:)`` and ``set(_:_:)``
    /// need of a ``DW1000Register``, without its strings.
    struct Slot {
        /// The index of the register's first octet in the flat block.
        let start: Int
        /// The register's length in octets.
        let length: Int

        /// The slot of `register`, which the register map documents, so its octets are stored.
        init(_ register: DW1000Register) {
            guard let start = RegisterFile.position(file: Int(register.file), offset: Int(register.offset)) else {
                preconditionFailure("\(register.name) is not stored")
            }
            self.start = start
            length = register.length
        }
    }

    /// Layouts by file ID (nil for reserved IDs), built once from ``DW1000Register/all``.
    static let layouts: [Layout?] = {
        var files = [DW1000Register?](repeating: nil, count: 64)
        var parts = [[DW1000Register]](repeating: [], count: 64)
        for register in DW1000Register.all {
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

    /// What ``validate(file:subIndex:length:writing:)`` needs to know of one file, in one
    /// table so that an access looks up one entry.
    private struct FileRule {
        /// Where the file starts in ``octetRules``.
        let base: Int
        /// Where the file's octet 0 is stored in the flat octet block, for a file stored whole;
        /// ``piecesMark`` for a file stored in pieces (``Storage``).
        let position: Int
        /// The file's length (-1 for reserved IDs, so that every access to them fails).
        let length: Int
        /// Whether every octet of the file is documented: then any read inside the file is
        /// allowed, unless the file is write-only.
        let plainForReading: Bool
        /// Whether, besides, no octet is read-only: then any write inside the file is allowed.
        let plainForWriting: Bool
        /// Whether the whole file is write-only.
        let writeOnly: Bool
    }

    /// The rules by file ID.
    private static let fileRules: [FileRule] = layouts.enumerated().map { id, layout in
        guard let layout else {
            return FileRule(base: 0, position: 0, length: -1, plainForReading: false, plainForWriting: false, writeOnly: false)
        }
        let documented = !layout.documented.contains(false)
        return FileRule(
            base: layout.base, position: storage.pieces[id].isEmpty ? storage.positions[id] : piecesMark, length: layout.length,
            plainForReading: documented, plainForWriting: documented && layout.readOnly.isEmpty, writeOnly: layout.writeOnly)
    }

    /// The position of a file stored in pieces: far past the block, so that the bounds check every
    /// access makes of its octets, which it then fails, sends it to the pieces without a test of
    /// its own (a flag tested on every access cost 1.6 M instructions a second more in the 1000
    /// listening tags, measured).
    private static let piecesMark = Int.max / 2

    /// Per octet of the flat block: whether it is documented and whether it is read-only, as
    /// ``documentedFlag`` and ``readOnlyFlag``; what ``validate(file:subIndex:length:writing:)``
    /// checks in files that are not plain (see `FileRule`).
    private static let octetRules: [UInt8] = {
        var rules = [UInt8](repeating: 0, count: totalLength)
        for case let layout? in layouts {
            for index in 0..<layout.length where layout.documented[index] {
                rules[layout.base + index] |= documentedFlag
            }
            for (range, _) in layout.readOnly {
                for index in range where index < layout.length {
                    rules[layout.base + index] |= readOnlyFlag
                }
            }
        }
        return rules
    }()

    private static let documentedFlag: UInt8 = 1
    private static let readOnlyFlag: UInt8 = 2

    /// The octets of all files together, in the map's order: the length of ``octetRules``.
    private static let totalLength = layouts.reduce(0) { $0 + ($1?.length ?? 0) }

    /// The octets of a register file at reset.
    private static let resetOctets: [UInt8] = {
        let file = RegisterFile(filledWith: 0)
        for register in DW1000Register.all {
            if let reset = register.resetValue {
                file.set(Slot(register), reset)
            }
        }
        return Array(file.octets)
    }()

    private static func isReadOnly(_ register: DW1000Register) -> Bool {
        register.access == .readOnly || register.access == .readOnlyDoubleBuffered
    }

    /// ``fileRules`` and ``octetRules``, held by each register file so that an access reads them
    /// without the lazy statics' initialisation check; ``fileRules`` gives each file's base too.
    private let rules = RegisterFile.fileRules
    private let octetRules = RegisterFile.octetRules

    /// ACC_MEM's file ID, whose reads answer a dummy octet first, and SYS_TIME's, which the chip
    /// brings up to date before a read: held by each register file, like ``rules``, so that every
    /// read tests its file against them without calling the accessor of another module's global
    /// (Docs/decisions/0020-emulator-performance-rounds.md).
    let accumulatorFile = DW1000Register.accMem.file
    let systemTimeFile = DW1000Register.sysTime.file

    /// The octets of every file, each where ``storage`` puts it; allocated once, freed with the file.
    /// The allocation has ``padding`` octets more, always zero, so that a register of up to 8
    /// octets anywhere in the block can be read and updated as one unaligned 8-octet word. It starts
    /// on a cache line, so that the registers of a reception, stored first, span as few as they can.
    private let octets: UnsafeMutableBufferPointer<UInt8>

    /// The zero octets after the last file.
    private static let padding = 8
    /// A cache line's length, the block's alignment.
    private static let cacheLine = 64

    /// A register file at its reset values.
    convenience init() {
        self.init(filledWith: 0)
        reset()
    }

    private init(filledWith octet: UInt8) {
        let length = Self.storage.length
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: length + Self.padding, alignment: Self.cacheLine)
        let allOctets = block.initializeMemory(as: UInt8.self, repeating: 0)
        octets = UnsafeMutableBufferPointer(rebasing: allOctets[0..<length])
        octets.update(repeating: octet)
    }

    deinit {
        octets.deallocate()
    }

    /// The mask of the low `count` octets of a word (`count` from 0 to 8).
    @inline(__always)
    private static func lowOctets(_ count: Int) -> UInt64 {
        count >= 8 ? ~0 : (UInt64(1) << (8 * UInt64(count))) &- 1
    }

    /// The 8 octets from `start` as a little-endian word (the padding keeps them in the block).
    @inline(__always)
    private func word(at start: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(octets.baseAddress! + start).loadUnaligned(as: UInt64.self))
    }

    /// Replaces the low `count` octets (at most 8) of the word at `start` with those of `value`.
    @inline(__always)
    private func store(_ value: UInt64, at start: Int, count: Int) {
        let mask = Self.lowOctets(count)
        let merged = (word(at: start) & ~mask) | (value & mask)
        UnsafeMutableRawPointer(octets.baseAddress! + start).storeBytes(of: merged.littleEndian, as: UInt64.self)
    }

    /// Puts every register back to its reset value.
    func reset() {
        _ = octets.update(fromContentsOf: Self.resetOctets)
    }

    /// Checks that an access of `length` octets at `subIndex` in `file` stays inside documented
    /// registers, and that a write touches no read-only register and a read no write-only one.
    func validate(file: UInt8, subIndex: Int, length: Int, writing: Bool) throws(VirtualChipError) {
        let rule = rules[Int(file & 0x3F)]
        guard subIndex >= 0, length >= 0, subIndex + length <= rule.length else {
            throw Self.accessError(file: file, subIndex: subIndex, length: length, writing: writing)
        }
        if !writing, rule.writeOnly {
            throw Self.accessError(file: file, subIndex: subIndex, length: length, writing: writing)
        }
        if writing ? rule.plainForWriting : rule.plainForReading {
            return
        }
        let start = rule.base + subIndex
        let forbidden = Self.documentedFlag | (writing ? Self.readOnlyFlag : 0)
        for index in start..<(start + length) where octetRules[index] & forbidden != Self.documentedFlag {
            throw Self.accessError(file: file, subIndex: subIndex, length: length, writing: writing)
        }
    }

    /// The error for an access that ``validate(file:subIndex:length:writing:)`` refuses, worked
    /// out from the layouts (off the fast path, which only knows that the access is refused).
    private static func accessError(file: UInt8, subIndex: Int, length: Int, writing: Bool) -> VirtualChipError {
        guard let layout = layouts[Int(file & 0x3F)] else {
            return .unmodelledRegister(file: file, subIndex: subIndex)
        }
        let range = subIndex..<(subIndex + length)
        guard range.upperBound <= layout.length, range.allSatisfy({ layout.documented[$0] }) else {
            return .outsideRegister(name: layout.name, subIndex: subIndex, length: length)
        }
        if writing, let hit = layout.readOnly.first(where: { $0.range.overlaps(range) }) {
            return .writeToReadOnly(name: hit.name)
        }
        return .readFromWriteOnly(name: layout.name)
    }

    /// Where the octets `offset ..< offset + count` (`offset` and `count` not negative) of `file` are
    /// stored, which must be in the block. In a file stored in pieces they must lie in one run of
    /// registers, as those of an access the map allows do (an empty range is placed in the padding).
    @inline(__always)
    private func start(file: UInt8, offset: Int, count: Int) -> Int {
        let start = rules[Int(file)].position + offset
        return start + count <= octets.count ? start : Self.startInPieces(file: Int(file), offset: offset, count: count)
    }

    /// ``start(file:offset:count:)`` for the octets of a file stored in pieces.
    private static func startInPieces(file: Int, offset: Int, count: Int) -> Int {
        precondition(!storage.pieces[file].isEmpty, "register access outside the file")
        guard count > 0 else { return storage.length }
        guard let first = position(file: file, offset: offset), position(file: file, offset: offset + count - 1) == first + count - 1
        else { preconditionFailure("register access outside the file's registers") }
        return first
    }

    /// `count` octets of `file` from `offset`; in a file stored in pieces, the octets between its
    /// runs of registers read as zero, as they are never written.
    func read(file: UInt8, offset: Int, count: Int) -> [UInt8] {
        precondition(offset >= 0 && count >= 0, "register read outside the file")
        let start = rules[Int(file)].position + offset
        guard start + count <= octets.count else { return readInPieces(file: file, offset: offset, count: count) }
        return Array(UnsafeBufferPointer(rebasing: octets[start..<(start + count)]))
    }

    /// ``read(file:offset:count:)`` from a file stored in pieces: a call of its own, so that the
    /// common path saves no registers for it (with these paths inline, the reads of a file cost
    /// 10.4 M instructions a second more than before the pieces in the 1000 listening tags; apart,
    /// 2.4 M: measured).
    @inline(never)
    private func readInPieces(file: UInt8, offset: Int, count: Int) -> [UInt8] {
        precondition(!Self.storage.pieces[Int(file)].isEmpty, "register read outside the file")
        return (offset..<(offset + count)).map { Self.position(file: Int(file), offset: $0).map { octets[$0] } ?? 0 }
    }

    /// The little-endian value of `count` octets (at most 8) of `file` from `offset`: what
    /// ``read(file:offset:count:)`` returns, as a number.
    func littleEndianValue(file: UInt8, offset: Int, count: Int) -> UInt64 {
        precondition(offset >= 0 && count >= 0 && count <= 8, "register read outside the file")
        let start = rules[Int(file)].position + offset
        guard start + count <= octets.count else { return littleEndianValueInPieces(file: file, offset: offset, count: count) }
        return word(at: start) & Self.lowOctets(count)
    }

    /// ``littleEndianValue(file:offset:count:)`` from a file stored in pieces, a call of its own
    /// like ``readInPieces(file:offset:count:)``.
    @inline(never)
    private func littleEndianValueInPieces(file: UInt8, offset: Int, count: Int) -> UInt64 {
        word(at: Self.startInPieces(file: Int(file), offset: offset, count: count)) & Self.lowOctets(count)
    }

    /// Stores octets in `file` from `offset`.
    func write(file: UInt8, offset: Int, _ data: [UInt8]) {
        precondition(offset >= 0, "register write outside the file")
        let start = start(file: file, offset: offset, count: data.count)
        _ = UnsafeMutableBufferPointer(rebasing: octets[start..<(start + data.count)]).update(fromContentsOf: data)
    }

    /// Stores `words` as consecutive 4-octet values, low octet first, in `file` from `offset`: one
    /// look-up of the file and one bounds check for all of them.
    func write(file: UInt8, offset: Int, words: [UInt32]) {
        precondition(offset >= 0, "register write outside the file")
        let start = start(file: file, offset: offset, count: 4 * words.count)
        let target = UnsafeMutableRawPointer(octets.baseAddress! + start)
        for (index, word) in words.enumerated() {
            target.storeBytes(of: word.littleEndian, toByteOffset: 4 * index, as: UInt32.self)
        }
    }

    /// Stores the low `count` octets of `value`, low octet first, in `file` from `offset`.
    func write(file: UInt8, offset: Int, value: UInt64, count: Int) {
        precondition(offset >= 0 && count >= 0 && count <= 8, "register write outside the file")
        let start = rules[Int(file)].position + offset
        guard start + count <= octets.count else { return writeInPieces(file: file, offset: offset, value: value, count: count) }
        store(value, at: start, count: count)
    }

    /// ``write(file:offset:value:count:)`` into a file stored in pieces, a call of its own like
    /// ``readInPieces(file:offset:count:)``.
    @inline(never)
    private func writeInPieces(file: UInt8, offset: Int, value: UInt64, count: Int) {
        store(value, at: Self.startInPieces(file: Int(file), offset: offset, count: count), count: count)
    }

    /// The little-endian value of a register of up to 8 octets.
    func value(_ slot: Slot) -> UInt64 {
        word(at: slot.start) & Self.lowOctets(slot.length)
    }

    /// Stores a value in a register (its low `length` octets; octets beyond 8 are zero).
    func set(_ slot: Slot, _ value: UInt64) {
        store(value, at: slot.start, count: min(8, slot.length))
        if slot.length > 8 {
            for index in 8..<slot.length {
                octets[slot.start + index] = 0
            }
        }
    }

    /// Stores octets in a register from its start (no more than the register holds).
    func set(_ slot: Slot, octets data: [UInt8]) {
        let count = min(data.count, slot.length)
        _ = UnsafeMutableBufferPointer(rebasing: octets[slot.start..<(slot.start + count)])
            .update(fromContentsOf: data.prefix(count))
    }
}
