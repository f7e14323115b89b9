import UWBCore
import UWBEmulator

/// What a client asks the emulator service (``EmulatorWire``).
public enum EmulatorRequest: Hashable, Sendable {
    /// Attach to the device called `device`, speaking wire format `version`.
    case hello(version: UInt16, device: String)
    /// Run a transaction on chip `chip` of the attached device (the client's turn only).
    case transfer(chip: Int, SPITransaction)
    /// Run 1…255 transactions on chip `chip`, in order, answered with one
    /// ``EmulatorReply/batch(_:)`` (the client's turn only): one round trip for a driver's batch.
    case transfers(chip: Int, [SPITransaction])
    /// Read chip `chip`'s interrupt line (the client's turn only).
    case interrupt(chip: Int)
    /// Pulse chip `chip`'s reset line (the client's turn only).
    case reset(chip: Int)
    /// End the client's turn: the world may move on until one of the chips in `chips` (bit n for
    /// chip n) raises its interrupt line or virtual time reaches `deadline` (never, if nil). The
    /// service answers with ``EmulatorReply/woke(now:interrupts:)`` when it gives the turn back.
    case wait(chips: UInt8, deadline: SimulationTime?)
    /// End the pending ``wait(chips:deadline:)`` early, at the world's current instant: the
    /// client's app has work for its radio. Never answered by itself; ignored when no wait is pending.
    case wake
    /// Ask for a snapshot of the room as an observer, speaking wire format `version`: sent first
    /// instead of HELLO, it takes no device and no part in the lockstep; sent again on the same
    /// connection, it asks for the next snapshot. Answered with ``EmulatorReply/snapshot(_:)``,
    /// no sooner than ``EmulatorServiceSettings/snapshotInterval`` after the previous one.
    case observe(version: UInt16)
    /// Tell the service what one of the app's sessions measured, during the app's turn (an app
    /// of ``EmulatorWire/reportingVersion`` or later only). Never answered: the service keeps the
    /// latest of each pair for its observers (``SnapshotLink/measurements``).
    case report(ReportedMeasurement)
    /// Tell the service where the app's positioning fixed its device, during the app's turn (an
    /// app of ``EmulatorWire/positionReportingVersion`` or later only). Never answered: the service
    /// keeps the latest fix of each device and a track of those before it (``SnapshotDevice/fix``).
    case position(ReportedPosition)

    /// The message octets (type and body).
    public var encoded: [UInt8] {
        switch self {
        case .hello(let version, let device):
            let name = Array(device.utf8.prefix(255))
            return [0x01] + EmulatorWire.little(version) + [UInt8(name.count)] + name
        case .transfer(let chip, let transaction):
            return [0x02, UInt8(truncatingIfNeeded: chip)] + Self.encode(transaction)
        case .transfers(let chip, let transactions):
            return [0x07, UInt8(truncatingIfNeeded: chip), UInt8(truncatingIfNeeded: transactions.count)]
                + transactions.flatMap(Self.encode)
        case .interrupt(let chip):
            return [0x03, UInt8(truncatingIfNeeded: chip)]
        case .reset(let chip):
            return [0x04, UInt8(truncatingIfNeeded: chip)]
        case .wait(let chips, let deadline):
            return [0x05, chips] + EmulatorWire.little(EmulatorWire.encode(deadline))
        case .wake:
            return [0x06]
        case .observe(let version):
            return [0x08] + EmulatorWire.little(version)
        case .report(let measurement):
            return [0x09] + EmulatorWire.little(measurement.peer) + MeasurementFields(measurement).encoded
        case .position(let position):
            return [0x0A] + PositionFields(position).encoded
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
            self = .transfer(chip: chip, try Self.transaction(from: &reader))
        case 0x07:
            let chip = Int(try reader.octet("chip"))
            let count = Int(try reader.octet("transaction count"))
            guard count > 0 else { throw .malformed("a batch of no transactions (1…255)") }
            var transactions: [SPITransaction] = []
            for _ in 0..<count {
                transactions.append(try Self.transaction(from: &reader))
            }
            self = .transfers(chip: chip, transactions)
        case 0x03:
            self = .interrupt(chip: Int(try reader.octet("chip")))
        case 0x04:
            self = .reset(chip: Int(try reader.octet("chip")))
        case 0x05:
            let chips = try reader.octet("chip mask")
            self = .wait(chips: chips, deadline: try EmulatorWire.decodeTime(try reader.uint64("deadline"), "deadline"))
        case 0x06:
            self = .wake
        case 0x08:
            self = .observe(version: try reader.uint16("version"))
        case 0x09:
            let peer = try reader.uint16("peer address")
            self = .report(try MeasurementFields(from: &reader).reported(of: peer))
        case 0x0A:
            self = .position(try PositionFields(from: &reader).reported)
        case let type:
            throw .malformed("request type 0x\(String(type, radix: 16))")
        }
        try reader.finish()
    }

    /// A transaction's octets: header length (8, 1–3), header, kind (8: 0 write, 1 read), length
    /// (16), data if writing.
    private static func encode(_ transaction: SPITransaction) -> [UInt8] {
        let head = [UInt8(transaction.header.count)] + transaction.header
        switch transaction.body {
        case .write(let data):
            return head + [0] + EmulatorWire.little(UInt16(truncatingIfNeeded: data.count)) + data
        case .read(let count):
            return head + [1] + EmulatorWire.little(UInt16(truncatingIfNeeded: count))
        }
    }

    /// The transaction ``encode(_:)`` wrote, read from `reader`.
    private static func transaction(from reader: inout WireReader) throws(EmulatorServiceError) -> SPITransaction {
        let headerLength = Int(try reader.octet("header length"))
        guard (1...3).contains(headerLength) else { throw .malformed("a \(headerLength)-octet SPI header (1…3)") }
        let header = try reader.octets(count: headerLength, "header")
        let kind = try reader.octet("transfer kind")
        let length = Int(try reader.uint16("transfer length"))
        switch kind {
        case 0: return SPITransaction(header: header, body: .write(try reader.octets(count: length, "data")))
        case 1: return SPITransaction(header: header, body: .read(count: length))
        default: throw .malformed("transfer kind \(kind) (0 write, 1 read)")
        }
    }
}
