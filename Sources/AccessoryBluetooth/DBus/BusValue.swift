/// A D-Bus value of the types BlueZ's GATT and advertising interfaces use, with its type: what a
/// message's arguments are read into and written from (the D-Bus specification, "Type System").
package indirect enum BusValue: Hashable, Sendable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// A variant: any value, with its type carried alongside.
    case variant(BusValue)
    /// An array of values of the type `elementSignature` names (also when it is empty).
    case array(elementSignature: String, [BusValue])
    /// A dictionary (an array of dict entries) of keys and values of the types named.
    case dictionary(keySignature: String, valueSignature: String, [BusDictionaryEntry])
    /// A structure of the values, in order.
    case structure([BusValue])

    /// The value's type signature, as in a message's signature.
    package var signature: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .variant: "v"
        case .array(let element, _): "a" + element
        case .dictionary(let key, let value, _): "a{" + key + value + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        }
    }

    /// An array of octets (`ay`).
    package static func octets(_ octets: [UInt8]) -> BusValue {
        .array(elementSignature: "y", octets.map(BusValue.byte))
    }

    /// An array of strings (`as`).
    package static func strings(_ strings: [String]) -> BusValue {
        .array(elementSignature: "s", strings.map(BusValue.string))
    }

    /// A dictionary of strings to variants (`a{sv}`), the options and properties of BlueZ's calls.
    package static func properties(_ properties: [String: BusValue]) -> BusValue {
        .dictionary(
            keySignature: "s", valueSignature: "v",
            properties.sorted { $0.key < $1.key }.map { BusDictionaryEntry(key: .string($0.key), value: .variant($0.value)) })
    }

    /// The octets of an `ay`; nil for any other value.
    package var octetsValue: [UInt8]? {
        guard case .array("y", let elements) = self else { return nil }
        return elements.compactMap { if case .byte(let octet) = $0 { octet } else { nil } }
    }

    /// The text of a string or object path; nil for any other value.
    package var stringValue: String? {
        switch self {
        case .string(let text), .objectPath(let text): text
        default: nil
        }
    }

    /// Any integer's value; nil for any other value.
    package var integerValue: Int? {
        switch self {
        case .byte(let value): Int(value)
        case .int16(let value): Int(value)
        case .uint16(let value): Int(value)
        case .int32(let value): Int(value)
        case .uint32(let value): Int(value)
        case .int64(let value): Int(value)
        case .uint64(let value): Int(exactly: value)
        default: nil
        }
    }

    /// A boolean's value; nil for any other value.
    package var booleanValue: Bool? {
        guard case .boolean(let value) = self else { return nil }
        return value
    }

    /// The value inside a variant; any other value itself.
    package var unwrapped: BusValue {
        guard case .variant(let inner) = self else { return self }
        return inner.unwrapped
    }

    /// The entries of a dictionary whose keys are strings or object paths, by key; nil for any
    /// other value.
    package var entriesByName: [String: BusValue]? {
        guard case .dictionary(_, _, let entries) = self else { return nil }
        var byName: [String: BusValue] = [:]
        for entry in entries {
            guard let key = entry.key.stringValue else { return nil }
            byName[key] = entry.value
        }
        return byName
    }
}

/// One entry of a ``BusValue/dictionary(keySignature:valueSignature:_:)``.
package struct BusDictionaryEntry: Hashable, Sendable {
    /// The key: a basic value.
    package var key: BusValue
    /// The value.
    package var value: BusValue

    /// The entry of `value` under `key`.
    package init(key: BusValue, value: BusValue) {
        self.key = key
        self.value = value
    }
}
