/// One two-way ranging measurement of SESSION_INFO_NTF, 31 octets in either address mode:
/// MAC address (2 or 8), status (1), NLOS (1), distance in cm (2), AoA azimuth (2, Q9.7°) and
/// its FOM (1), AoA elevation (2) and FOM (1), destination AoA azimuth (2) and FOM (1),
/// destination AoA elevation (2) and FOM (1), slot index (1), RSSI (1), RFU (11 or 5).
///
/// Source: pica `uci_packets.pdl` `ShortAddressTwoWayRangingMeasurement`,
/// `ExtendedAddressTwoWayRangingMeasurement`. RSSI is UCI 2.0 (Q7.1, the magnitude of a
/// negative dBm value); in UCI 1.x that octet is RFU and reads 0.
public struct UCITwoWayMeasurement: Hashable, Sendable {
    /// The peer's MAC address: a short address in the low 16 bits, or an extended one.
    public var macAddress: UInt64
    /// The measurement status (`UCIStatus.ok` or a ranging error).
    public var status: UCIStatus
    /// 0: line of sight, 1: non line of sight, 0xFF: unknown.
    public var nlos: UInt8
    /// The distance in centimetres (0xFFFF: invalid).
    public var distanceCentimetres: UInt16
    /// The azimuth angle of arrival at this device.
    public var azimuth: UCIAngle
    /// The azimuth's figure of merit, 0–100.
    public var azimuthFOM: UInt8
    /// The elevation angle of arrival at this device.
    public var elevation: UCIAngle
    /// The elevation's figure of merit, 0–100.
    public var elevationFOM: UInt8
    /// The azimuth measured by the peer (reported to a controller).
    public var destinationAzimuth: UCIAngle
    /// The destination azimuth's figure of merit.
    public var destinationAzimuthFOM: UInt8
    /// The elevation measured by the peer.
    public var destinationElevation: UCIAngle
    /// The destination elevation's figure of merit.
    public var destinationElevationFOM: UInt8
    /// The slot of the ranging round this measurement comes from.
    public var slotIndex: UInt8
    /// The RSSI field, Q7.1: `rssiDBm` is −rssi/2 dBm (UCI 2.0).
    public var rssi: UInt8

    /// A measurement; angles and figures of merit default to 0.
    public init(
        macAddress: UInt64, status: UCIStatus = .ok, nlos: UInt8 = 0, distanceCentimetres: UInt16,
        azimuth: UCIAngle = UCIAngle(field: 0), azimuthFOM: UInt8 = 0,
        elevation: UCIAngle = UCIAngle(field: 0), elevationFOM: UInt8 = 0,
        destinationAzimuth: UCIAngle = UCIAngle(field: 0), destinationAzimuthFOM: UInt8 = 0,
        destinationElevation: UCIAngle = UCIAngle(field: 0), destinationElevationFOM: UInt8 = 0,
        slotIndex: UInt8 = 0, rssi: UInt8 = 0
    ) {
        self.macAddress = macAddress
        self.status = status
        self.nlos = nlos
        self.distanceCentimetres = distanceCentimetres
        self.azimuth = azimuth
        self.azimuthFOM = azimuthFOM
        self.elevation = elevation
        self.elevationFOM = elevationFOM
        self.destinationAzimuth = destinationAzimuth
        self.destinationAzimuthFOM = destinationAzimuthFOM
        self.destinationElevation = destinationElevation
        self.destinationElevationFOM = destinationElevationFOM
        self.slotIndex = slotIndex
        self.rssi = rssi
    }

    /// The received signal strength in dBm (UCI 2.0's Q7.1 negative magnitude).
    public var rssiDBm: Double { -Double(rssi) / 2 }

    /// The size of the MAC address field for an address mode.
    static func addressSize(extended: Bool) -> Int { extended ? 8 : 2 }

    /// Reads one measurement with a short or extended address.
    static func read(from reader: inout UCIPayloadReader, extended: Bool) throws(UCIError) -> UCITwoWayMeasurement {
        var measurement = UCITwoWayMeasurement(macAddress: try reader.macAddress(extended: extended), distanceCentimetres: 0)
        measurement.status = try reader.read(UCIStatus.self, "status")
        measurement.nlos = try reader.read(UInt8.self, "NLOS")
        measurement.distanceCentimetres = try reader.read(UInt16.self, "distance")
        measurement.azimuth = UCIAngle(field: try reader.read(UInt16.self, "AoA azimuth"))
        measurement.azimuthFOM = try reader.read(UInt8.self, "AoA azimuth FOM")
        measurement.elevation = UCIAngle(field: try reader.read(UInt16.self, "AoA elevation"))
        measurement.elevationFOM = try reader.read(UInt8.self, "AoA elevation FOM")
        measurement.destinationAzimuth = UCIAngle(field: try reader.read(UInt16.self, "destination AoA azimuth"))
        measurement.destinationAzimuthFOM = try reader.read(UInt8.self, "destination AoA azimuth FOM")
        measurement.destinationElevation = UCIAngle(field: try reader.read(UInt16.self, "destination AoA elevation"))
        measurement.destinationElevationFOM = try reader.read(UInt8.self, "destination AoA elevation FOM")
        measurement.slotIndex = try reader.read(UInt8.self, "slot index")
        measurement.rssi = try reader.read(UInt8.self, "RSSI")
        _ = try reader.octets(reservedSize(extended: extended), "RFU")
        return measurement
    }

    /// Writes the measurement; a short address must fit in 16 bits.
    func write(to writer: inout UCIPayloadWriter, extended: Bool) throws(UCIError) {
        try writer.write(macAddress: macAddress, extended: extended)
        writer.write(status)
        writer.write(nlos)
        writer.write(distanceCentimetres)
        writer.write(azimuth.field)
        writer.write(azimuthFOM)
        writer.write(elevation.field)
        writer.write(elevationFOM)
        writer.write(destinationAzimuth.field)
        writer.write(destinationAzimuthFOM)
        writer.write(destinationElevation.field)
        writer.write(destinationElevationFOM)
        writer.write(slotIndex)
        writer.write(rssi)
        try writer.write([UInt8](repeating: 0, count: Self.reservedSize(extended: extended)), "RFU")
    }

    /// The octets from status to RSSI: 1 + 1 + 2 + (2 + 1) × 4 + 1 + 1.
    private static let fieldsSize = 18

    /// The RFU octets that pad a measurement to 31 octets (11 after a short address, 5 after an extended one).
    private static func reservedSize(extended: Bool) -> Int {
        UCIConstants.twoWayMeasurementSize - addressSize(extended: extended) - fieldsSize
    }
}
