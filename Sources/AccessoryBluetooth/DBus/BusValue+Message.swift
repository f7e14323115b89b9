import CDBus

/// libdbus's type codes (`DBUS_TYPE_*`, macros Swift does not import): the ASCII of each signature
/// character.
private enum BusTypeCode {
    static let byte = code("y")
    static let boolean = code("b")
    static let int16 = code("n")
    static let uint16 = code("q")
    static let int32 = code("i")
    static let uint32 = code("u")
    static let int64 = code("x")
    static let uint64 = code("t")
    static let double = code("d")
    static let string = code("s")
    static let objectPath = code("o")
    static let signature = code("g")
    static let variant = code("v")
    static let array = code("a")
    static let structure = code("r")
    static let dictEntry = code("e")
    static let invalid = Int32(0)

    private static func code(_ character: Unicode.Scalar) -> Int32 { Int32(character.value) }
}

extension BusValue {
    /// Appends the value at `iterator` of a message being written; false if libdbus refused
    /// (out of memory).
    func append(to iterator: inout DBusMessageIter) -> Bool {
        switch self {
        case .byte(let value): appendBasic(value, code: BusTypeCode.byte, to: &iterator)
        case .boolean(let value): appendBasic(dbus_bool_t(value ? 1 : 0), code: BusTypeCode.boolean, to: &iterator)
        case .int16(let value): appendBasic(value, code: BusTypeCode.int16, to: &iterator)
        case .uint16(let value): appendBasic(value, code: BusTypeCode.uint16, to: &iterator)
        case .int32(let value): appendBasic(value, code: BusTypeCode.int32, to: &iterator)
        case .uint32(let value): appendBasic(value, code: BusTypeCode.uint32, to: &iterator)
        case .int64(let value): appendBasic(value, code: BusTypeCode.int64, to: &iterator)
        case .uint64(let value): appendBasic(value, code: BusTypeCode.uint64, to: &iterator)
        case .double(let value): appendBasic(value, code: BusTypeCode.double, to: &iterator)
        case .string(let text): appendText(text, code: BusTypeCode.string, to: &iterator)
        case .objectPath(let path): appendText(path, code: BusTypeCode.objectPath, to: &iterator)
        case .signature(let signature): appendText(signature, code: BusTypeCode.signature, to: &iterator)
        case .variant(let inner):
            appendContainer(BusTypeCode.variant, contained: inner.signature, to: &iterator) { inner.append(to: &$0) }
        case .array(let elementSignature, let elements):
            appendContainer(BusTypeCode.array, contained: elementSignature, to: &iterator) { sub in
                elements.allSatisfy { $0.append(to: &sub) }
            }
        case .dictionary(let keySignature, let valueSignature, let entries):
            appendContainer(BusTypeCode.array, contained: "{" + keySignature + valueSignature + "}", to: &iterator) { sub in
                entries.allSatisfy { entry in
                    appendContainer(BusTypeCode.dictEntry, contained: nil, to: &sub) { pair in
                        entry.key.append(to: &pair) && entry.value.append(to: &pair)
                    }
                }
            }
        case .structure(let fields):
            appendContainer(BusTypeCode.structure, contained: nil, to: &iterator) { sub in
                fields.allSatisfy { $0.append(to: &sub) }
            }
        }
    }

    /// The value at `iterator` of a message being read; nil for a type BlueZ's interfaces do not
    /// use (a file descriptor).
    static func read(from iterator: inout DBusMessageIter) -> BusValue? {
        switch dbus_message_iter_get_arg_type(&iterator) {
        case BusTypeCode.byte: .byte(readBasic(from: &iterator, initial: 0))
        case BusTypeCode.boolean: .boolean(readBasic(from: &iterator, initial: dbus_bool_t(0)) != 0)
        case BusTypeCode.int16: .int16(readBasic(from: &iterator, initial: 0))
        case BusTypeCode.uint16: .uint16(readBasic(from: &iterator, initial: 0))
        case BusTypeCode.int32: .int32(readBasic(from: &iterator, initial: 0))
        case BusTypeCode.uint32: .uint32(readBasic(from: &iterator, initial: 0))
        case BusTypeCode.int64: .int64(readBasic(from: &iterator, initial: 0))
        case BusTypeCode.uint64: .uint64(readBasic(from: &iterator, initial: 0))
        case BusTypeCode.double: .double(readBasic(from: &iterator, initial: 0))
        case BusTypeCode.string: .string(readText(from: &iterator))
        case BusTypeCode.objectPath: .objectPath(readText(from: &iterator))
        case BusTypeCode.signature: .signature(readText(from: &iterator))
        case BusTypeCode.variant: readContained(from: &iterator).flatMap { $0.first.map(BusValue.variant) }
        case BusTypeCode.structure, BusTypeCode.dictEntry: readContained(from: &iterator).map(BusValue.structure)
        case BusTypeCode.array: readArray(from: &iterator)
        default: nil
        }
    }

    /// Every argument of `message`, in order; nil if one has a type ``read(from:)`` does not read.
    static func arguments(of message: OpaquePointer) -> [BusValue]? {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(message, &iterator) != 0 else { return [] }
        return readAll(from: &iterator)
    }

    /// Appends `values` as the arguments of `message`; false if libdbus refused (out of memory).
    static func append(_ values: [BusValue], to message: OpaquePointer) -> Bool {
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(message, &iterator)
        return values.allSatisfy { $0.append(to: &iterator) }
    }

    private static func readAll(from iterator: inout DBusMessageIter) -> [BusValue]? {
        var values: [BusValue] = []
        while dbus_message_iter_get_arg_type(&iterator) != BusTypeCode.invalid {
            guard let value = read(from: &iterator) else { return nil }
            values.append(value)
            dbus_message_iter_next(&iterator)
        }
        return values
    }

    private static func readContained(from iterator: inout DBusMessageIter) -> [BusValue]? {
        var sub = DBusMessageIter()
        dbus_message_iter_recurse(&iterator, &sub)
        return readAll(from: &sub)
    }

    private static func readArray(from iterator: inout DBusMessageIter) -> BusValue? {
        guard let raw = dbus_message_iter_get_signature(&iterator) else { return nil }
        let signature = String(cString: raw)
        dbus_free(raw)
        let elementSignature = String(signature.dropFirst())
        guard let elements = readContained(from: &iterator) else { return nil }
        guard dbus_message_iter_get_element_type(&iterator) == BusTypeCode.dictEntry else {
            return .array(elementSignature: elementSignature, elements)
        }
        // "{kv}": a basic key (one character), then the value's signature.
        let inner = elementSignature.dropFirst().dropLast()
        var entries: [BusDictionaryEntry] = []
        for element in elements {
            guard case .structure(let pair) = element, pair.count == 2 else { return nil }
            entries.append(BusDictionaryEntry(key: pair[0], value: pair[1]))
        }
        return .dictionary(keySignature: String(inner.prefix(1)), valueSignature: String(inner.dropFirst()), entries)
    }

    private static func readBasic<Value>(from iterator: inout DBusMessageIter, initial: Value) -> Value {
        var value = initial
        withUnsafeMutablePointer(to: &value) { dbus_message_iter_get_basic(&iterator, $0) }
        return value
    }

    private static func readText(from iterator: inout DBusMessageIter) -> String {
        let pointer: UnsafePointer<CChar>? = readBasic(from: &iterator, initial: nil)
        return pointer.map { String(cString: $0) } ?? ""
    }
}

private func appendBasic<Value>(_ value: Value, code: Int32, to iterator: inout DBusMessageIter) -> Bool {
    withUnsafePointer(to: value) { dbus_message_iter_append_basic(&iterator, code, $0) != 0 }
}

/// Appends a string-like value; text is cut at an embedded NUL, as C strings are.
private func appendText(_ text: String, code: Int32, to iterator: inout DBusMessageIter) -> Bool {
    text.withCString { pointer in
        appendBasic(Optional(pointer), code: code, to: &iterator)
    }
}

private func appendContainer(
    _ code: Int32, contained: String?, to iterator: inout DBusMessageIter, body: (inout DBusMessageIter) -> Bool
) -> Bool {
    var sub = DBusMessageIter()
    let opened = if let contained {
        contained.withCString { dbus_message_iter_open_container(&iterator, code, $0, &sub) }
    } else {
        dbus_message_iter_open_container(&iterator, code, nil, &sub)
    }
    guard opened != 0 else { return false }
    guard body(&sub) else {
        dbus_message_iter_abandon_container(&iterator, &sub)
        return false
    }
    return dbus_message_iter_close_container(&iterator, &sub) != 0
}
