import UWBCore

/// A type-length-value parameter of SET_CONFIG/GET_CONFIG (`UCIDeviceConfigID`),
/// SET_APP_CONFIG/GET_APP_CONFIG (`UCIAppConfigID`) or GET_CAPS_INFO (`UCICapabilityID`):
/// id (1 octet), length (1 octet), value.
///
/// Source: pica `uci_packets.pdl` `ConfigParameter`, `AppConfigTlv`, `CapTlv`.
public struct UCIParameter<ID: UCICode>: Hashable, Sendable {
    /// The parameter id.
    public var id: ID
    /// The value octets (at most 255), little endian for numbers.
    public var value: [UInt8]

    /// A parameter with raw value octets.
    public init(_ id: ID, _ value: [UInt8]) {
        self.id = id
        self.value = value
    }

    /// A parameter whose value is an unsigned integer, little endian in its own width.
    public init<Value: FixedWidthInteger & UnsignedInteger>(_ id: ID, integer: Value) {
        var octets: [UInt8] = []
        octets.appendLittleEndian(integer)
        self.init(id, octets)
    }

    /// Reads id, length and value.
    static func read(from reader: inout UCIPayloadReader) throws(UCIError) -> UCIParameter {
        let id = try reader.read(ID.self, "parameter id")
        let length = try reader.read(UInt8.self, "length of \(id)")
        return UCIParameter(id, try reader.octets(Int(length), "value of \(id)"))
    }

    /// Writes id, length and value.
    func write(to writer: inout UCIPayloadWriter) throws(UCIError) {
        writer.write(id)
        try writer.writeCount(value.count, "value of \(id)")
        try writer.write(value, "value of \(id)")
    }
}
