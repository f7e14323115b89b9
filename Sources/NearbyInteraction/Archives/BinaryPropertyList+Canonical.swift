extension BinaryPropertyList {
    /// The property list written again in one canonical form, which depends only on its content: the
    /// same content gives the same octets, whatever order its dictionaries were written in.
    ///
    /// The layout is the one swift-corelibs-foundation's binary writer uses (`CFBinaryPList.c`), with
    /// one difference: every dictionary's entries are in ascending order of their keys' octets,
    /// where Foundation takes them in hash-table order, which on Linux changes from one archiving to
    /// the next. So objects are listed depth first from the top object, each container before its
    /// elements and a dictionary's keys before its values; every reference gets an object of its own,
    /// as Foundation's writer gives every distinct object (on Linux it shares only an object that
    /// appears twice, never two equal ones); integers, UIDs, lengths, references and offsets take the
    /// fewest octets that hold them (1, 2, 4 or 8). Where Foundation happened to write every
    /// dictionary in that order and shared nothing, the two are the same octets.
    ///
    /// Returns nil, leaving the caller to keep the octets it has, for a dictionary with a repeated
    /// key (no order of it is canonical) or a list that would grow past ``maximumObjects`` objects
    /// (an object shared by several references is written once per reference).
    func canonicalEncoding() -> [UInt8]? {
        var layout = CanonicalLayout(source: self)
        guard layout.place(top) != nil else { return nil }
        return layout.encoded()
    }
}

/// The objects of a canonical binary property list, in the order they are written.
private struct CanonicalLayout {
    /// One object to write; containers hold the positions of their elements in ``nodes``.
    enum Node {
        /// An integer.
        case integer(Int64)
        /// An ASCII string.
        case string(String)
        /// Raw octets.
        case data([UInt8])
        /// A keyed-archive object reference.
        case uid(Int)
        /// The positions of the elements.
        case array([Int])
        /// The positions of the keys and, in the same order, of their values.
        case dictionary(keys: [Int], values: [Int])
    }

    /// The property list being rewritten.
    let source: BinaryPropertyList
    /// The objects placed so far, in writing order.
    private(set) var nodes: [Node] = []

    init(source: BinaryPropertyList) {
        self.source = source
    }

    /// Places the source object at `index` and what it contains; returns its position, or nil if the
    /// list would grow too long or a dictionary repeats a key.
    mutating func place(_ index: Int) -> Int? {
        let object = source.objects[index]
        switch object {
        case .integer(let value):
            return append(.integer(value))
        case .string(let text):
            return append(.string(text))
        case .data(let octets):
            return append(.data(octets))
        case .uid(let value):
            return append(.uid(value))
        case .array(let elements):
            guard let position = append(.array([])) else { return nil }
            var placed: [Int] = []
            for element in elements {
                guard let child = place(element) else { return nil }
                placed.append(child)
            }
            nodes[position] = .array(placed)
            return position
        case .dictionary(let entries):
            guard let position = append(.dictionary(keys: [], values: [])) else { return nil }
            let sorted = entries.map { (key: keyOctets($0.key), entry: $0) }
                .sorted { $0.key.lexicographicallyPrecedes($1.key) }
            guard zip(sorted, sorted.dropFirst()).allSatisfy({ $0.key != $1.key }) else { return nil }
            var keys: [Int] = []
            var values: [Int] = []
            for item in sorted {
                guard let key = place(item.entry.key) else { return nil }
                keys.append(key)
            }
            for item in sorted {
                guard let value = place(item.entry.value) else { return nil }
                values.append(value)
            }
            nodes[position] = .dictionary(keys: keys, values: values)
            return position
        }
    }

    /// The octets of the string at `index`, a dictionary key (the reader checked that keys are strings).
    private func keyOctets(_ index: Int) -> [UInt8] {
        guard case .string(let text) = source.objects[index] else { return [] }
        return Array(text.utf8)
    }

    /// Adds `node` at the end; nil once the list holds ``BinaryPropertyList/maximumObjects``.
    private mutating func append(_ node: Node) -> Int? {
        guard nodes.count < BinaryPropertyList.maximumObjects else { return nil }
        nodes.append(node)
        return nodes.count - 1
    }

    /// The whole property list: header, objects, offset table and trailer, the top object first.
    func encoded() -> [UInt8] {
        let referenceSize = Self.width(of: UInt64(nodes.count))
        var bytes = BinaryPropertyList.header
        var offsets: [UInt64] = []
        offsets.reserveCapacity(nodes.count)
        for node in nodes {
            offsets.append(UInt64(bytes.count))
            Self.append(node, referenceSize: referenceSize, to: &bytes)
        }
        let tableOffset = UInt64(bytes.count)
        let offsetSize = Self.width(of: tableOffset)
        for offset in offsets {
            Self.appendBigEndian(offset, width: offsetSize, to: &bytes)
        }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        Self.appendBigEndian(UInt64(nodes.count), width: 8, to: &bytes)
        Self.appendBigEndian(0, width: 8, to: &bytes)
        Self.appendBigEndian(tableOffset, width: 8, to: &bytes)
        return bytes
    }

    /// Appends one object's marker and content.
    private static func append(_ node: Node, referenceSize: Int, to bytes: inout [UInt8]) {
        switch node {
        case .integer(let value):
            appendInteger(UInt64(bitPattern: value), to: &bytes)
        case .string(let text):
            appendCounted(marker: 0x5, count: text.utf8.count, to: &bytes)
            bytes += text.utf8
        case .data(let octets):
            appendCounted(marker: 0x4, count: octets.count, to: &bytes)
            bytes += octets
        case .uid(let value):
            let width = Self.width(of: UInt64(value))
            bytes.append(0x80 | UInt8(width - 1))
            appendBigEndian(UInt64(value), width: width, to: &bytes)
        case .array(let elements):
            appendCounted(marker: 0xA, count: elements.count, to: &bytes)
            for element in elements { appendBigEndian(UInt64(element), width: referenceSize, to: &bytes) }
        case .dictionary(let keys, let values):
            appendCounted(marker: 0xD, count: keys.count, to: &bytes)
            for reference in keys + values { appendBigEndian(UInt64(reference), width: referenceSize, to: &bytes) }
        }
    }

    /// Appends an integer object in the fewest of 1, 2, 4 or 8 octets; a negative value (the bit
    /// pattern of an `Int64`) takes 8.
    private static func appendInteger(_ value: UInt64, to bytes: inout [UInt8]) {
        let width = Self.width(of: value)
        bytes.append(0x10 | UInt8(width.trailingZeroBitCount))
        appendBigEndian(value, width: width, to: &bytes)
    }

    /// Appends the marker of a counted object: the count in its low nibble below 15, else 0xF and
    /// an integer object holding the count.
    private static func appendCounted(marker: UInt8, count: Int, to bytes: inout [UInt8]) {
        guard count >= 15 else {
            bytes.append(marker << 4 | UInt8(count))
            return
        }
        bytes.append(marker << 4 | 0x0F)
        appendInteger(UInt64(count), to: &bytes)
    }

    /// The fewest of 1, 2, 4 or 8 octets that hold `value`.
    private static func width(of value: UInt64) -> Int {
        switch value {
        case 0...0xFF: 1
        case 0...0xFFFF: 2
        case 0...0xFFFF_FFFF: 4
        default: 8
        }
    }

    /// Appends the low `width` octets of `value`, most significant first.
    private static func appendBigEndian(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
        for shift in stride(from: (width - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }
}
