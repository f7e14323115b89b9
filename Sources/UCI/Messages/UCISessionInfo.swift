/// SESSION_INFO_NTF, a session's ranging results: sequence number (4), session token (4), RCR
/// indicator (1), current ranging interval in ms (4), ranging measurement type (1), RFU (1),
/// MAC address mode indicator (1: 0 short, 1 extended), RFU (8), then the number of measurements
/// (1) and the measurements of the type: two-way (`UCITwoWayMeasurement`) and OWR-AoA
/// (`UCIOneWayAoAMeasurement`) followed by vendor data, DL-TDoA (`UCIDownlinkTDoAMeasurement`)
/// without.
///
/// Source: pica `uci_packets.pdl` `SessionInfoNtf`, `ShortMacTwoWaySessionInfoNtf`,
/// `ExtendedMacTwoWaySessionInfoNtf`, `ShortMacDlTDoASessionInfoNtf`, `ShortMacOwrAoaSessionInfoNtf`
/// and their extended-address forms. The layout is the same in UCI 1.x and 2.0; the session
/// token is the session id in 1.x and the session handle in 2.0. One-way (UL-TDoA) measurements
/// stay undecoded: no public source gives their layout.
public struct UCISessionInfo: Hashable, Sendable {
    /// The measurements of a notification.
    public enum Measurements: Hashable, Sendable {
        /// Two-way ranging measurements and the vendor data after them.
        case twoWay([UCITwoWayMeasurement], vendorData: [UInt8])
        /// DL-TDoA measurements: the DL-TDoA messages a DT-tag received.
        case downlinkTDoA([UCIDownlinkTDoAMeasurement])
        /// OWR-AoA measurements and the vendor data after them.
        case oneWayAoA([UCIOneWayAoAMeasurement], vendorData: [UInt8])
        /// Another measurement type (one-way, vendor types), its octets kept undecoded.
        case undecoded([UInt8])

        /// The measurement type these measurements have; nil for undecoded ones.
        var type: UCIRangingMeasurementType? {
            switch self {
            case .twoWay: .twoWay
            case .downlinkTDoA: .downlinkTDoA
            case .oneWayAoA: .oneWayAoA
            case .undecoded: nil
            }
        }
    }

    /// Counts ranging rounds of the session.
    public var sequenceNumber: UInt32
    /// The session id (UCI 1.x) or session handle (UCI 2.0).
    public var sessionToken: UInt32
    /// Ranging control request indicator: 1 when the round had a ranging control message.
    public var rcrIndicator: UInt8
    /// The current ranging interval in milliseconds.
    public var currentRangingInterval: UInt32
    /// The measurement layout (`.twoWay`, `.downlinkTDoA` and `.oneWayAoA` are decoded).
    public var measurementType: UCIRangingMeasurementType
    /// Whether the MAC addresses of the measurements are extended (8 octets) or short (2).
    public var usesExtendedAddresses: Bool
    /// The measurements.
    public var measurements: Measurements

    /// A ranging notification; the measurement type defaults to the measurements' own.
    public init(
        sequenceNumber: UInt32, sessionToken: UInt32, rcrIndicator: UInt8 = 0, currentRangingInterval: UInt32,
        measurementType: UCIRangingMeasurementType? = nil, usesExtendedAddresses: Bool = false,
        measurements: Measurements
    ) {
        self.sequenceNumber = sequenceNumber
        self.sessionToken = sessionToken
        self.rcrIndicator = rcrIndicator
        self.currentRangingInterval = currentRangingInterval
        self.measurementType = measurementType ?? measurements.type ?? .twoWay
        self.usesExtendedAddresses = usesExtendedAddresses
        self.measurements = measurements
    }

    /// Reads the notification's payload.
    static func read(from reader: inout UCIPayloadReader) throws(UCIError) -> UCISessionInfo {
        let sequence = try reader.read(UInt32.self, "sequence number")
        let token = try reader.read(UInt32.self, "session token")
        let rcr = try reader.read(UInt8.self, "RCR indicator")
        let interval = try reader.read(UInt32.self, "current ranging interval")
        let type = try reader.read(UCIRangingMeasurementType.self, "ranging measurement type")
        _ = try reader.read(UInt8.self, "RFU")
        let indicator = try reader.read(UInt8.self, "MAC address indicator")
        guard indicator <= 1 else {
            throw .invalidValue(message: reader.message, field: "MAC address indicator", value: UInt64(indicator))
        }
        _ = try reader.octets(UCIConstants.sessionInfoReservedSize, "RFU")
        let extended = indicator == 1
        let measurements: Measurements
        switch type {
        case .twoWay:
            let list = try reader.list("measurements") { (reader) throws(UCIError) in
                try UCITwoWayMeasurement.read(from: &reader, extended: extended)
            }
            measurements = .twoWay(list, vendorData: reader.rest())
        case .downlinkTDoA:
            measurements = .downlinkTDoA(try reader.list("measurements") { (reader) throws(UCIError) in
                try UCIDownlinkTDoAMeasurement.read(from: &reader, extended: extended)
            })
        case .oneWayAoA:
            let list = try reader.list("measurements") { (reader) throws(UCIError) in
                try UCIOneWayAoAMeasurement.read(from: &reader, extended: extended)
            }
            measurements = .oneWayAoA(list, vendorData: reader.rest())
        default:
            measurements = .undecoded(reader.rest())
        }
        return UCISessionInfo(
            sequenceNumber: sequence, sessionToken: token, rcrIndicator: rcr, currentRangingInterval: interval,
            measurementType: type, usesExtendedAddresses: extended, measurements: measurements)
    }

    /// Writes the notification's payload.
    func write(to writer: inout UCIPayloadWriter) throws(UCIError) {
        writer.write(sequenceNumber)
        writer.write(sessionToken)
        writer.write(rcrIndicator)
        writer.write(currentRangingInterval)
        writer.write(measurementType)
        writer.write(UInt8(0))
        writer.write(UInt8(usesExtendedAddresses ? 1 : 0))
        try writer.write([UInt8](repeating: 0, count: UCIConstants.sessionInfoReservedSize), "RFU")
        if let type = measurements.type, type != measurementType {
            throw .invalidValue(message: writer.message, field: "ranging measurement type", value: UInt64(measurementType.rawValue))
        }
        switch measurements {
        case .twoWay(let list, let vendorData):
            try writer.list(list, "measurements") { (writer, measurement) throws(UCIError) in
                try measurement.write(to: &writer, extended: usesExtendedAddresses)
            }
            try writer.write(vendorData, "vendor data")
        case .downlinkTDoA(let list):
            try writer.list(list, "measurements") { (writer, measurement) throws(UCIError) in
                try measurement.write(to: &writer, extended: usesExtendedAddresses)
            }
        case .oneWayAoA(let list, let vendorData):
            try writer.list(list, "measurements") { (writer, measurement) throws(UCIError) in
                try measurement.write(to: &writer, extended: usesExtendedAddresses)
            }
            try writer.write(vendorData, "vendor data")
        case .undecoded(let octets):
            try writer.write(octets, "measurements")
        }
    }
}
