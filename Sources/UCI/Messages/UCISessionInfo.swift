/// SESSION_INFO_NTF, a session's ranging results: sequence number (4), session token (4), RCR
/// indicator (1), current ranging interval in ms (4), ranging measurement type (1), RFU (1),
/// MAC address mode indicator (1: 0 short, 1 extended), RFU (8), then for two-way ranging the
/// number of measurements (1), the measurements (`UCITwoWayMeasurement`) and vendor data.
///
/// Source: pica `uci_packets.pdl` `SessionInfoNtf`, `ShortMacTwoWaySessionInfoNtf`,
/// `ExtendedMacTwoWaySessionInfoNtf`. The layout is the same in UCI 1.x and 2.0; the session
/// token is the session id in 1.x and the session handle in 2.0.
public struct UCISessionInfo: Hashable, Sendable {
    /// The measurements of a notification.
    public enum Measurements: Hashable, Sendable {
        /// Two-way ranging measurements and the vendor data after them.
        case twoWay([UCITwoWayMeasurement], vendorData: [UInt8])
        /// Another measurement type (one-way, DL-TDoA, OWR-AoA), its octets kept undecoded.
        case undecoded([UInt8])
    }

    /// Counts ranging rounds of the session.
    public var sequenceNumber: UInt32
    /// The session id (UCI 1.x) or session handle (UCI 2.0).
    public var sessionToken: UInt32
    /// Ranging control request indicator: 1 when the round had a ranging control message.
    public var rcrIndicator: UInt8
    /// The current ranging interval in milliseconds.
    public var currentRangingInterval: UInt32
    /// The measurement layout (`.twoWay` decodes into `UCITwoWayMeasurement`s).
    public var measurementType: UCIRangingMeasurementType
    /// Whether the MAC addresses of the measurements are extended (8 octets) or short (2).
    public var usesExtendedAddresses: Bool
    /// The measurements.
    public var measurements: Measurements

    /// A ranging notification.
    public init(
        sequenceNumber: UInt32, sessionToken: UInt32, rcrIndicator: UInt8 = 0, currentRangingInterval: UInt32,
        measurementType: UCIRangingMeasurementType = .twoWay, usesExtendedAddresses: Bool = false,
        measurements: Measurements
    ) {
        self.sequenceNumber = sequenceNumber
        self.sessionToken = sessionToken
        self.rcrIndicator = rcrIndicator
        self.currentRangingInterval = currentRangingInterval
        self.measurementType = measurementType
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
        if type == .twoWay {
            let list = try reader.list("measurements") { (reader) throws(UCIError) in
                try UCITwoWayMeasurement.read(from: &reader, extended: extended)
            }
            measurements = .twoWay(list, vendorData: reader.rest())
        } else {
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
        switch measurements {
        case .twoWay(let list, let vendorData):
            guard measurementType == .twoWay else {
                throw .invalidValue(message: writer.message, field: "ranging measurement type", value: UInt64(measurementType.rawValue))
            }
            try writer.list(list, "measurements") { (writer, measurement) throws(UCIError) in
                try measurement.write(to: &writer, extended: usesExtendedAddresses)
            }
            try writer.write(vendorData, "vendor data")
        case .undecoded(let octets):
            try writer.write(octets, "measurements")
        }
    }
}
