/// One DL-TDoA measurement of SESSION_INFO_NTF (measurement type 2): one DL-TDoA message (DTM) a
/// DT-tag received. MAC address (2 or 8), status (1), message type (1), message control (2), block
/// index (2), round index (1), NLOS (1), AoA azimuth (2) and FOM (1), AoA elevation (2) and FOM (1),
/// RSSI (1), TX timestamp (5 or 8), RX timestamp (5 or 8), anchor CFO (2), CFO (2), initiator reply
/// time (4), responder reply time (4), initiator–responder ToF (2), the anchor's location (none, 12
/// or 10) and the active ranging rounds (one octet each).
///
/// The message control field says the variable parts: bit 0 the TX timestamp's type, bit 1 its
/// length (1: 64 bits), bit 3 the RX timestamp's length, bits 5–6 the location (0 none, 1 WGS-84,
/// 2 relative), bits 7–10 how many active rounds follow; bits 2, 4 and 11–15 are reserved.
///
/// Sources: Android's parser (`DlTdoaRangingMeasurement::parse_one`, `src/rust/uwb_uci_packets/src/lib.rs`)
/// and its test vectors; pica's packet definitions (`DlTdoaRangingMeasurement`, PR #97). Times are
/// in ranging ticks of about 15.65 ps; the reply times and the ToF are 0 where the message has none
/// (Android's `android.ranging.DlTdoaMeasurement`).
public struct UCIDownlinkTDoAMeasurement: Hashable, Sendable {
    /// The anchor's MAC address: a short address in the low 16 bits, or an extended one.
    public var macAddress: UInt64
    /// The measurement status (`UCIStatus.ok` or a ranging error).
    public var status: UCIStatus
    /// Which message of the round it is.
    public var messageType: UCIDownlinkTDoAMessageType
    /// Message control bit 0: the TX timestamp's type (the specification's meaning is not public).
    public var transmitTimestampType: UInt8
    /// Message control bits 2, 4 and 11–15 as received (0 when built here), so a measurement
    /// encodes back to its octets.
    public var reservedControlBits: UInt16
    /// The ranging block the round belongs to.
    public var blockIndex: UInt16
    /// The round's index in its block.
    public var roundIndex: UInt8
    /// 0: line of sight, 1: non line of sight, 0xFF: unknown.
    public var nlos: UInt8
    /// The azimuth angle of arrival.
    public var azimuth: UCIAngle
    /// The azimuth's figure of merit.
    public var azimuthFOM: UInt8
    /// The elevation angle of arrival.
    public var elevation: UCIAngle
    /// The elevation's figure of merit.
    public var elevationFOM: UInt8
    /// The RSSI field, Q7.1: the level is −rssi/2 dBm.
    public var rssi: UInt8
    /// When the message left the anchor, by its clock, in ticks.
    public var transmitTimestamp: UInt64
    /// Whether ``transmitTimestamp`` takes 64 bits (8 octets) rather than 40 (5).
    public var transmitTimestampIs64Bit: Bool
    /// When the message reached the tag, by its clock, in ticks.
    public var receiveTimestamp: UInt64
    /// Whether ``receiveTimestamp`` takes 64 bits rather than 40.
    public var receiveTimestampIs64Bit: Bool
    /// For a Response, the responder's clock offset relative to the initiator's.
    public var anchorClockOffset: UCIClockOffset
    /// The tag's clock offset relative to the sending anchor's, as the tag measured it.
    public var clockOffset: UCIClockOffset
    /// For a Final, the time at the initiator from a Response's reception to the Final's transmission, in ticks.
    public var initiatorReplyTime: UInt32
    /// For a Response, the time at the responder from the Poll's reception to the Response's transmission, in ticks.
    public var responderReplyTime: UInt32
    /// For a Response, the time of flight between the initiator and the responder, in ticks.
    public var initiatorResponderTimeOfFlight: UInt16
    /// The anchor's location, if the message carried it.
    public var anchorLocation: UCIAnchorLocation?
    /// The indexes of the rounds the anchor is active in (at most 15).
    public var activeRangingRounds: [UInt8]

    /// A measurement; the optional parts default to none, timestamps to 40 bits.
    public init(
        macAddress: UInt64, status: UCIStatus = .ok, messageType: UCIDownlinkTDoAMessageType, blockIndex: UInt16 = 0,
        roundIndex: UInt8 = 0, nlos: UInt8 = 0, azimuth: UCIAngle = UCIAngle(field: 0), azimuthFOM: UInt8 = 0,
        elevation: UCIAngle = UCIAngle(field: 0), elevationFOM: UInt8 = 0, rssi: UInt8 = 0,
        transmitTimestamp: UInt64, transmitTimestampIs64Bit: Bool = false, receiveTimestamp: UInt64, receiveTimestampIs64Bit: Bool = false,
        anchorClockOffset: UCIClockOffset = UCIClockOffset(field: 0), clockOffset: UCIClockOffset = UCIClockOffset(field: 0),
        initiatorReplyTime: UInt32 = 0, responderReplyTime: UInt32 = 0, initiatorResponderTimeOfFlight: UInt16 = 0,
        anchorLocation: UCIAnchorLocation? = nil, activeRangingRounds: [UInt8] = [], transmitTimestampType: UInt8 = 0,
        reservedControlBits: UInt16 = 0
    ) {
        self.macAddress = macAddress
        self.status = status
        self.messageType = messageType
        self.transmitTimestampType = transmitTimestampType
        self.reservedControlBits = reservedControlBits
        self.blockIndex = blockIndex
        self.roundIndex = roundIndex
        self.nlos = nlos
        self.azimuth = azimuth
        self.azimuthFOM = azimuthFOM
        self.elevation = elevation
        self.elevationFOM = elevationFOM
        self.rssi = rssi
        self.transmitTimestamp = transmitTimestamp
        self.transmitTimestampIs64Bit = transmitTimestampIs64Bit
        self.receiveTimestamp = receiveTimestamp
        self.receiveTimestampIs64Bit = receiveTimestampIs64Bit
        self.anchorClockOffset = anchorClockOffset
        self.clockOffset = clockOffset
        self.initiatorReplyTime = initiatorReplyTime
        self.responderReplyTime = responderReplyTime
        self.initiatorResponderTimeOfFlight = initiatorResponderTimeOfFlight
        self.anchorLocation = anchorLocation
        self.activeRangingRounds = activeRangingRounds
    }

    /// The received signal strength in dBm (Q7.1 negative magnitude).
    public var rssiDBm: Double { -Double(rssi) / 2 }

    /// Message control bits.
    private enum Control {
        static let transmitType: UInt16 = 1 << 0
        static let transmitLength: UInt16 = 1 << 1
        static let receiveLength: UInt16 = 1 << 3
        static let locationShift: UInt16 = 5
        static let locationMask: UInt16 = 0x3
        static let roundsShift: UInt16 = 7
        static let roundsMask: UInt16 = 0xF
        static let reserved: UInt16 = (1 << 2) | (1 << 4) | 0xF800
    }

    /// The most active rounds the message control's count can give.
    static let maximumActiveRounds = Int(Control.roundsMask)

    /// Reads one measurement with a short or extended address.
    static func read(from reader: inout UCIPayloadReader, extended: Bool) throws(UCIError) -> UCIDownlinkTDoAMeasurement {
        let address = try reader.macAddress(extended: extended)
        let status = try reader.read(UCIStatus.self, "status")
        let type = try reader.read(UCIDownlinkTDoAMessageType.self, "message type")
        let control = try reader.read(UInt16.self, "message control")
        var measurement = UCIDownlinkTDoAMeasurement(
            macAddress: address, status: status, messageType: type, transmitTimestamp: 0, receiveTimestamp: 0,
            transmitTimestampType: UInt8(control & Control.transmitType), reservedControlBits: control & Control.reserved)
        measurement.blockIndex = try reader.read(UInt16.self, "block index")
        measurement.roundIndex = try reader.read(UInt8.self, "round index")
        measurement.nlos = try reader.read(UInt8.self, "NLOS")
        measurement.azimuth = UCIAngle(field: try reader.read(UInt16.self, "AoA azimuth"))
        measurement.azimuthFOM = try reader.read(UInt8.self, "AoA azimuth FOM")
        measurement.elevation = UCIAngle(field: try reader.read(UInt16.self, "AoA elevation"))
        measurement.elevationFOM = try reader.read(UInt8.self, "AoA elevation FOM")
        measurement.rssi = try reader.read(UInt8.self, "RSSI")
        measurement.transmitTimestampIs64Bit = control & Control.transmitLength != 0
        measurement.transmitTimestamp = try readTimestamp(from: &reader, is64Bit: measurement.transmitTimestampIs64Bit, "TX timestamp")
        measurement.receiveTimestampIs64Bit = control & Control.receiveLength != 0
        measurement.receiveTimestamp = try readTimestamp(from: &reader, is64Bit: measurement.receiveTimestampIs64Bit, "RX timestamp")
        measurement.anchorClockOffset = UCIClockOffset(field: try reader.read(UInt16.self, "anchor CFO"))
        measurement.clockOffset = UCIClockOffset(field: try reader.read(UInt16.self, "CFO"))
        measurement.initiatorReplyTime = try reader.read(UInt32.self, "initiator reply time")
        measurement.responderReplyTime = try reader.read(UInt32.self, "responder reply time")
        measurement.initiatorResponderTimeOfFlight = try reader.read(UInt16.self, "initiator-responder ToF")
        switch control >> Control.locationShift & Control.locationMask {
        case 0: measurement.anchorLocation = nil
        case 1: measurement.anchorLocation = .wgs84(try reader.octets(UCIAnchorLocation.wgs84Size, "WGS-84 anchor location"))
        case 2: measurement.anchorLocation = .relative(UCIRelativeLocation(octets: try reader.octets(UCIRelativeLocation.size, "relative anchor location")))
        case let other:
            throw .invalidValue(message: reader.message, field: "message control location type", value: UInt64(other))
        }
        let rounds = Int(control >> Control.roundsShift & Control.roundsMask)
        measurement.activeRangingRounds = try reader.octets(rounds, "active ranging rounds")
        return measurement
    }

    /// Writes the measurement; a short address must fit in 16 bits, a 40-bit timestamp in 40 bits.
    func write(to writer: inout UCIPayloadWriter, extended: Bool) throws(UCIError) {
        try writer.write(macAddress: macAddress, extended: extended)
        writer.write(status)
        writer.write(messageType)
        guard activeRangingRounds.count <= Self.maximumActiveRounds else {
            throw .tooLong(message: writer.message, field: "active ranging rounds", count: activeRangingRounds.count, maximum: Self.maximumActiveRounds)
        }
        var control = UInt16(transmitTimestampType & 1) | reservedControlBits & Control.reserved
        control |= transmitTimestampIs64Bit ? Control.transmitLength : 0
        control |= receiveTimestampIs64Bit ? Control.receiveLength : 0
        control |= (anchorLocation?.controlType ?? 0) << Control.locationShift
        control |= UInt16(activeRangingRounds.count) << Control.roundsShift
        writer.write(control)
        writer.write(blockIndex)
        writer.write(roundIndex)
        writer.write(nlos)
        writer.write(azimuth.field)
        writer.write(azimuthFOM)
        writer.write(elevation.field)
        writer.write(elevationFOM)
        writer.write(rssi)
        try Self.writeTimestamp(transmitTimestamp, is64Bit: transmitTimestampIs64Bit, to: &writer, "TX timestamp")
        try Self.writeTimestamp(receiveTimestamp, is64Bit: receiveTimestampIs64Bit, to: &writer, "RX timestamp")
        writer.write(anchorClockOffset.field)
        writer.write(clockOffset.field)
        writer.write(initiatorReplyTime)
        writer.write(responderReplyTime)
        writer.write(initiatorResponderTimeOfFlight)
        switch anchorLocation {
        case nil: break
        case .wgs84(let octets): try writer.write(octets, size: UCIAnchorLocation.wgs84Size, "WGS-84 anchor location")
        case .relative(let location): try writer.write(location.octets, size: UCIRelativeLocation.size, "relative anchor location")
        }
        try writer.write(activeRangingRounds, "active ranging rounds")
    }

    /// The octets of a 40-bit timestamp.
    private static let shortTimestampSize = 5

    private static func readTimestamp(from reader: inout UCIPayloadReader, is64Bit: Bool, _ field: String) throws(UCIError) -> UInt64 {
        if is64Bit { return try reader.read(UInt64.self, field) }
        return try reader.octets(shortTimestampSize, field).reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func writeTimestamp(_ value: UInt64, is64Bit: Bool, to writer: inout UCIPayloadWriter, _ field: String) throws(UCIError) {
        if is64Bit { return writer.write(value) }
        guard value >> (8 * shortTimestampSize) == 0 else { throw .invalidValue(message: writer.message, field: "40-bit \(field)", value: value) }
        try writer.write((0..<shortTimestampSize).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }, "40-bit \(field)")
    }
}
