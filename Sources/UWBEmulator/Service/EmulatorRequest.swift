import UWBCore

/// What a client asks the emulator service (``EmulatorWire``).
public enum EmulatorRequest: Hashable, Sendable {
    /// Attach to the device called `device`, speaking wire format `version`.
    case hello(version: UInt16, device: String)
    /// Run a transaction on chip `chip` of the attached device.
    case transfer(chip: Int, SPITransaction)
    /// Read chip `chip`'s interrupt line.
    case interrupt(chip: Int)
    /// Pulse chip `chip`'s reset line.
    case reset(chip: Int)

    /// The message octets (type and body).
    public var encoded: [UInt8] {
        switch self {
        case .hello(let version, let device):
            let name = Array(device.utf8.prefix(255))
            return [0x01] + Self.little(version) + [UInt8(name.count)] + name
        case .transfer(let chip, let transaction):
            var octets: [UInt8] = [0x02, UInt8(truncatingIfNeeded: chip), UInt8(transaction.header.count)] + transaction.header
            switch transaction.body {
            case .write(let data):
                octets += [0] + Self.little(UInt16(truncatingIfNeeded: data.count)) + data
            case .read(let count):
                octets += [1] + Self.little(UInt16(truncatingIfNeeded: count))
            }
            return octets
        case .interrupt(let chip):
            return [0x03, UInt8(truncatingIfNeeded: chip)]
        case .reset(let chip):
            return [0x04, UInt8(truncatingIfNeeded: chip)]
        }
    }

    /// Decodes a request.
    ///
    /// - Throws: ``EmulatorServiceError/malformed(_:)`` saying what is wrong.
    public init(decoding octets: [UInt8]) throws(EmulatorServiceError) {
        var reader = WireReader(octets)
        switch try reader.octet("message type") {
        case 0x01:
            let version = try reader.uint16("version")
            let name = try reader.octets(count: Int(try reader.octet("name length")), "device name")
            self = .hello(version: version, device: String(decoding: name, as: UTF8.self))
        case 0x02:
            let chip = Int(try reader.octet("chip"))
            let headerLength = Int(try reader.octet("header length"))
            guard (1...3).contains(headerLength) else { throw .malformed("a \(headerLength)-octet SPI header (1…3)") }
            let header = try reader.octets(count: headerLength, "header")
            let kind = try reader.octet("transfer kind")
            let length = Int(try reader.uint16("transfer length"))
            switch kind {
            case 0: self = .transfer(chip: chip, SPITransaction(header: header, body: .write(try reader.octets(count: length, "data"))))
            case 1: self = .transfer(chip: chip, SPITransaction(header: header, body: .read(count: length)))
            default: throw .malformed("transfer kind \(kind) (0 write, 1 read)")
            }
        case 0x03:
            self = .interrupt(chip: Int(try reader.octet("chip")))
        case 0x04:
            self = .reset(chip: Int(try reader.octet("chip")))
        case let type:
            throw .malformed("request type 0x\(String(type, radix: 16))")
        }
        try reader.finish()
    }

    static func little(_ value: UInt16) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
    }
}
