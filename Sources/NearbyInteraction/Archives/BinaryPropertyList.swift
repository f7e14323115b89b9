/// A strict reader for the small binary property lists (`bplist00`) that `NSKeyedArchiver` writes for
/// Nearby Interaction objects, written so that data from the network never reaches Foundation's
/// parser unchecked: swift-corelibs-foundation's `PropertyListSerialization` crashes on some corrupt
/// binary property lists (a dictionary marker turned into a set marker is enough).
///
/// It accepts only what those archives contain: integers of 1, 2, 4 or 8 octets, ASCII strings, data,
/// UIDs, arrays and dictionaries with string keys; a trailer whose unused octets are zero and whose
/// offset table ends exactly where the trailer starts; at most ``maximumObjects`` objects, every reference
/// in range, no cycles and nesting at most ``maximumDepth`` deep. Anything else is
/// ``NIArchiveError/malformedArchive(reason:)``. Everything it accepts Foundation parses safely.
struct BinaryPropertyList {
    /// One parsed object; containers hold indices into ``objects``.
    enum Object: Equatable {
        /// An integer.
        case integer(Int64)
        /// An ASCII string.
        case string(String)
        /// Raw octets.
        case data([UInt8])
        /// A keyed-archive object reference.
        case uid(Int)
        /// The indices of the elements.
        case array([Int])
        /// The indices of each key (a string) and value.
        case dictionary([(key: Int, value: Int)])

        /// Whether two objects are the same (dictionaries compare entry by entry).
        static func == (lhs: Object, rhs: Object) -> Bool {
            switch (lhs, rhs) {
            case (.integer(let a), .integer(let b)): a == b
            case (.string(let a), .string(let b)): a == b
            case (.data(let a), .data(let b)): a == b
            case (.uid(let a), .uid(let b)): a == b
            case (.array(let a), .array(let b)): a == b
            case (.dictionary(let a), .dictionary(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
            default: false
            }
        }
    }

    /// The most objects accepted (an archived token has 24, counting keys and class names).
    static let maximumObjects = 64
    /// The deepest nesting accepted (an archived token nests 4 deep).
    static let maximumDepth = 8
    /// The octets every binary property list starts with.
    static let header = Array("bplist00".utf8)
    /// The length of the trailer that ends every binary property list: 5 unused octets, the sort
    /// version, the offset and reference sizes, then the object count, top object and offset table
    /// position as 64-bit big-endian integers.
    static let trailerLength = 32

    /// Every object, in offset-table order.
    let objects: [Object]
    /// The index of the top object.
    let top: Int

    /// Parses and checks `bytes`.
    ///
    /// - Throws: ``NIArchiveError/malformedArchive(reason:)`` naming the first problem.
    init(_ bytes: [UInt8]) throws(NIArchiveError) {
        let header = Self.header
        let trailerLength = Self.trailerLength
        guard bytes.count >= header.count + trailerLength + 1, Array(bytes.prefix(header.count)) == header else {
            throw .malformedArchive(reason: "not a binary property list")
        }
        let trailer = bytes.count - trailerLength
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        let objectCount = Self.bigEndian(bytes[(trailer + 8)..<(trailer + 16)])
        let topObject = Self.bigEndian(bytes[(trailer + 16)..<(trailer + 24)])
        let tableOffset = Self.bigEndian(bytes[(trailer + 24)..<(trailer + 32)])
        guard bytes[trailer..<(trailer + 6)].allSatisfy({ $0 == 0 }), (1...4).contains(offsetSize), (1...4).contains(referenceSize),
              (1...UInt64(Self.maximumObjects)).contains(objectCount), topObject < objectCount,
              tableOffset >= UInt64(header.count), tableOffset <= UInt64(trailer),
              UInt64(trailer) - tableOffset == objectCount * UInt64(offsetSize)
        else {
            throw .malformedArchive(reason: "inconsistent property list trailer")
        }
        let count = Int(objectCount)
        let table = Int(tableOffset)
        var parser = ObjectParser(bytes: bytes, end: table, referenceSize: referenceSize, objectCount: count)
        var objects: [Object] = []
        objects.reserveCapacity(count)
        for index in 0..<count {
            let start = table + index * offsetSize
            let offset = Int(Self.bigEndian(bytes[start..<(start + offsetSize)]))
            objects.append(try parser.object(at: offset))
        }
        self.objects = objects
        self.top = Int(topObject)
        try checkKeysAndNesting()
    }

    /// Checks that dictionary keys are strings and that no container contains itself or nests deeper
    /// than ``maximumDepth`` below the top object.
    private func checkKeysAndNesting() throws(NIArchiveError) {
        for object in objects {
            guard case .dictionary(let entries) = object else { continue }
            for entry in entries {
                guard case .string = objects[entry.key] else { throw .malformedArchive(reason: "dictionary key is not a string") }
            }
        }
        var depths: [Int?] = Array(repeating: nil, count: objects.count)
        var onPath = Array(repeating: false, count: objects.count)
        guard try depth(of: top, depths: &depths, onPath: &onPath) <= Self.maximumDepth else {
            throw .malformedArchive(reason: "objects nest more than \(Self.maximumDepth) deep")
        }
    }

    /// How deep containers nest below the object at `index`, each object expanded once (`depths`
    /// memoizes); a container met again while on the current path is a cycle. The recursion is at most
    /// ``maximumObjects`` deep.
    private func depth(of index: Int, depths: inout [Int?], onPath: inout [Bool]) throws(NIArchiveError) -> Int {
        if let known = depths[index] { return known }
        guard !onPath[index] else { throw .malformedArchive(reason: "an object contains itself") }
        onPath[index] = true
        var deepest = 0
        for child in children(of: objects[index]) {
            deepest = max(deepest, try depth(of: child, depths: &depths, onPath: &onPath) + 1)
        }
        onPath[index] = false
        depths[index] = deepest
        return deepest
    }

    /// The indices a container refers to.
    private func children(of object: Object) -> [Int] {
        switch object {
        case .array(let elements): elements
        case .dictionary(let entries): entries.flatMap { [$0.key, $0.value] }
        default: []
        }
    }

    /// The value for the string key `key` of the dictionary at `index`, or nil.
    func value(forKey key: String, inDictionaryAt index: Int) -> Object? {
        guard case .dictionary(let entries) = objects[index] else { return nil }
        for entry in entries where objects[entry.key] == .string(key) {
            return objects[entry.value]
        }
        return nil
    }

    /// The index of the value for `key` in the dictionary at `index`, or nil.
    func index(forKey key: String, inDictionaryAt index: Int) -> Int? {
        guard case .dictionary(let entries) = objects[index] else { return nil }
        return entries.first { objects[$0.key] == .string(key) }?.value
    }

    /// The unsigned big-endian integer in `octets` (at most 8).
    static func bigEndian(_ octets: ArraySlice<UInt8>) -> UInt64 {
        octets.reduce(0) { $0 << 8 | UInt64($1) }
    }
}

/// Reads single objects of a binary property list, bounds-checked against the start of the offset table.
private struct ObjectParser {
    /// The whole property list.
    let bytes: [UInt8]
    /// Where objects end: the offset table.
    let end: Int
    /// The size of an object reference in containers.
    let referenceSize: Int
    /// How many objects there are, the bound on references.
    let objectCount: Int

    /// The octets `offset..<offset+count`, if they lie among the objects.
    private func octets(_ offset: Int, _ count: Int) throws(NIArchiveError) -> ArraySlice<UInt8> {
        guard offset >= 8, count >= 0, count <= end - offset else {
            throw .malformedArchive(reason: "object extends past the object area")
        }
        return bytes[offset..<(offset + count)]
    }

    /// The object at `offset`.
    mutating func object(at offset: Int) throws(NIArchiveError) -> BinaryPropertyList.Object {
        let marker = try octets(offset, 1).first ?? 0
        let info = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x1:
            guard info <= 3 else { throw .malformedArchive(reason: "integer wider than 8 octets") }
            return .integer(try integer(at: offset + 1, width: 1 << info))
        case 0x4:
            let (start, count) = try length(at: offset, info: info)
            return .data(Array(try octets(start, count)))
        case 0x5:
            let (start, count) = try length(at: offset, info: info)
            let text = try octets(start, count)
            guard text.allSatisfy({ $0 < 0x80 }) else { throw .malformedArchive(reason: "string is not ASCII") }
            return .string(String(decoding: text, as: UTF8.self))
        case 0x8:
            guard info <= 3 else { throw .malformedArchive(reason: "UID wider than 4 octets") }
            return .uid(Int(BinaryPropertyList.bigEndian(try octets(offset + 1, info + 1))))
        case 0xA:
            let (start, count) = try length(at: offset, info: info)
            return .array(try references(at: start, count: count))
        case 0xD:
            let (start, count) = try length(at: offset, info: info)
            let keys = try references(at: start, count: count)
            let values = try references(at: start + count * referenceSize, count: count)
            return .dictionary(zip(keys, values).map { (key: $0, value: $1) })
        default:
            throw .malformedArchive(reason: "object type 0x\(String(marker >> 4, radix: 16)) is not used by these archives")
        }
    }

    /// An integer of `width` octets: unsigned up to 4, signed at 8.
    private func integer(at offset: Int, width: Int) throws(NIArchiveError) -> Int64 {
        let value = BinaryPropertyList.bigEndian(try octets(offset, width))
        return width == 8 ? Int64(bitPattern: value) : Int64(value)
    }

    /// Where a counted object's content starts and its count: the marker's low nibble, or for 0xF a
    /// following integer object.
    private func length(at offset: Int, info: Int) throws(NIArchiveError) -> (start: Int, count: Int) {
        guard info == 0x0F else { return (offset + 1, info) }
        let marker = try octets(offset + 1, 1).first ?? 0
        guard marker >> 4 == 0x1, marker & 0x0F <= 2 else { throw .malformedArchive(reason: "invalid length") }
        let width = 1 << Int(marker & 0x0F)
        let count = try integer(at: offset + 2, width: width)
        guard count <= Int64(end) else { throw .malformedArchive(reason: "length exceeds the archive") }
        return (offset + 2 + width, Int(count))
    }

    /// `count` object references starting at `offset`, each checked to be in range.
    private func references(at offset: Int, count: Int) throws(NIArchiveError) -> [Int] {
        guard count <= end else { throw .malformedArchive(reason: "container too large") }
        let raw = try octets(offset, count * referenceSize)
        var result: [Int] = []
        result.reserveCapacity(count)
        var position = raw.startIndex
        for _ in 0..<count {
            let reference = Int(BinaryPropertyList.bigEndian(raw[position..<(position + referenceSize)]))
            guard reference < objectCount else { throw .malformedArchive(reason: "reference to a missing object") }
            result.append(reference)
            position += referenceSize
        }
        return result
    }
}
