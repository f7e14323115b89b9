/// One OWR-AoA measurement of SESSION_INFO_NTF (measurement type 3): the angle at which an
/// observer received an advertiser's frame. MAC address (2 or 8), status (1), NLOS (1), frame
/// sequence number (1), block index (2), AoA azimuth (2) and FOM (1), AoA elevation (2) and FOM (1).
///
/// Source: pica's and Android's packet definitions (`ShortAddressOwrAoaRangingMeasurement`,
/// `ExtendedAddressOwrAoaRangingMeasurement`) and their test vectors.
public struct UCIOneWayAoAMeasurement: Hashable, Sendable {
    /// The advertiser's MAC address: a short address in the low 16 bits, or an extended one.
    public var macAddress: UInt64
    /// The measurement status.
    public var status: UCIStatus
    /// 0: line of sight, 1: non line of sight, 0xFF: unknown.
    public var nlos: UInt8
    /// The received frame's sequence number.
    public var frameSequenceNumber: UInt8
    /// The ranging block of the frame.
    public var blockIndex: UInt16
    /// The azimuth angle of arrival.
    public var azimuth: UCIAngle
    /// The azimuth's figure of merit.
    public var azimuthFOM: UInt8
    /// The elevation angle of arrival.
    public var elevation: UCIAngle
    /// The elevation's figure of merit.
    public var elevationFOM: UInt8

    /// A measurement.
    public init(
        macAddress: UInt64, status: UCIStatus = .ok, nlos: UInt8 = 0, frameSequenceNumber: UInt8, blockIndex: UInt16,
        azimuth: UCIAngle, azimuthFOM: UInt8, elevation: UCIAngle = UCIAngle(field: 0), elevationFOM: UInt8 = 0
    ) {
        self.macAddress = macAddress
        self.status = status
        self.nlos = nlos
        self.frameSequenceNumber = frameSequenceNumber
        self.blockIndex = blockIndex
        self.azimuth = azimuth
        self.azimuthFOM = azimuthFOM
        self.elevation = elevation
        self.elevationFOM = elevationFOM
    }

    /// Reads one measurement with a short or extended address.
    static func read(from reader: inout UCIPayloadReader, extended: Bool) throws(UCIError) -> UCIOneWayAoAMeasurement {
        UCIOneWayAoAMeasurement(
            macAddress: try reader.macAddress(extended: extended),
            status: try reader.read(UCIStatus.self, "status"), nlos: try reader.read(UInt8.self, "NLOS"),
            frameSequenceNumber: try reader.read(UInt8.self, "frame sequence number"),
            blockIndex: try reader.read(UInt16.self, "block index"),
            azimuth: UCIAngle(field: try reader.read(UInt16.self, "AoA azimuth")), azimuthFOM: try reader.read(UInt8.self, "AoA azimuth FOM"),
            elevation: UCIAngle(field: try reader.read(UInt16.self, "AoA elevation")),
            elevationFOM: try reader.read(UInt8.self, "AoA elevation FOM"))
    }

    /// Writes the measurement; a short address must fit in 16 bits.
    func write(to writer: inout UCIPayloadWriter, extended: Bool) throws(UCIError) {
        try writer.write(macAddress: macAddress, extended: extended)
        writer.write(status)
        writer.write(nlos)
        writer.write(frameSequenceNumber)
        writer.write(blockIndex)
        writer.write(azimuth.field)
        writer.write(azimuthFOM)
        writer.write(elevation.field)
        writer.write(elevationFOM)
    }
}
