import UWBCore

/// Where a DT-anchor is, as a DL-TDoA measurement carries it: relative coordinates, or WGS-84 ones.
///
/// Source: Android's UCI parser (`DlTdoaRangingMeasurement::parse_one` in
/// `src/rust/uwb_uci_packets/src/lib.rs`): location type 1 is WGS-84 in 12 octets, 2 relative in
/// 10; pica's packet definitions (`RelativeLocation`: x 28 bits, y 28 bits, z 24 bits). Android's
/// ranging API gives relative coordinates in millimetres (`DlTdoaMeasurement.RelativeLocation.getX`).
public enum UCIAnchorLocation: Hashable, Sendable {
    /// A position in the site's own frame.
    case relative(UCIRelativeLocation)
    /// A WGS-84 position, its 12 octets kept as sent: their layout is in the FiRa specification,
    /// which is not public.
    case wgs84([UInt8])

    /// The message control field's location type: 1 WGS-84, 2 relative (0: none).
    var controlType: UInt16 {
        switch self {
        case .wgs84: 1
        case .relative: 2
        }
    }

    /// The size of the WGS-84 field.
    static let wgs84Size = 12
}

/// Relative anchor coordinates: x, y and z in millimetres, signed, in 28, 28 and 24 bits packed
/// into 10 little-endian octets (x in the low bits). swift-uwb's anchors send their scenario
/// coordinates as they are: x and z horizontal, y up.
public struct UCIRelativeLocation: Hashable, Sendable {
    /// x in millimetres (28-bit signed).
    public let xMillimetres: Int32
    /// y in millimetres (28-bit signed).
    public let yMillimetres: Int32
    /// z in millimetres (24-bit signed).
    public let zMillimetres: Int32

    /// The field widths in bits.
    static let widths = (x: 28, y: 28, z: 24)
    /// The size of the field.
    static let size = 10

    /// A location from millimetres; nil when one does not fit its field.
    public init?(xMillimetres: Int32, yMillimetres: Int32, zMillimetres: Int32) {
        guard Self.fits(xMillimetres, bits: Self.widths.x), Self.fits(yMillimetres, bits: Self.widths.y),
              Self.fits(zMillimetres, bits: Self.widths.z) else { return nil }
        self.xMillimetres = xMillimetres
        self.yMillimetres = yMillimetres
        self.zMillimetres = zMillimetres
    }

    /// `position` to the nearest millimetre; nil beyond ±134 km (x, y) or ±8.3 km (z).
    public init?(_ position: Position) {
        let metres = position.metres
        let limit = Double(Int32.max)
        let values = [metres.x, metres.y, metres.z].map { ($0 * 1000).rounded() }
        guard values.allSatisfy({ $0.isFinite && abs($0) <= limit }) else { return nil }
        self.init(xMillimetres: Int32(values[0]), yMillimetres: Int32(values[1]), zMillimetres: Int32(values[2]))
    }

    /// The position.
    public var position: Position {
        Position(metres: Vector3(x: Double(xMillimetres) / 1000, y: Double(yMillimetres) / 1000, z: Double(zMillimetres) / 1000))
    }

    /// The packed octets, as a measurement carries them.
    public var octets: [UInt8] {
        func field(_ value: Int32, bits: Int) -> UInt128 { UInt128(UInt32(bitPattern: value)) & ((1 << bits) - 1) }
        let packed = field(xMillimetres, bits: Self.widths.x) | field(yMillimetres, bits: Self.widths.y) << Self.widths.x
            | field(zMillimetres, bits: Self.widths.z) << (Self.widths.x + Self.widths.y)
        return (0..<Self.size).map { UInt8(truncatingIfNeeded: packed >> ($0 * 8)) }
    }

    /// The location packed in `octets`, as a measurement carries it (the first 10 are read).
    public init(octets: [UInt8]) {
        let packed = octets.prefix(Self.size).enumerated().reduce(UInt128(0)) { $0 | UInt128($1.element) << ($1.offset * 8) }
        func field(at shift: Int, bits: Int) -> Int32 {
            let raw = Int64(truncatingIfNeeded: (packed >> shift) & ((1 << bits) - 1))
            return Int32(raw >= 1 << (bits - 1) ? raw - (1 << bits) : raw)
        }
        xMillimetres = field(at: 0, bits: Self.widths.x)
        yMillimetres = field(at: Self.widths.x, bits: Self.widths.y)
        zMillimetres = field(at: Self.widths.x + Self.widths.y, bits: Self.widths.z)
    }

    /// Whether `value` fits a signed field of `bits` bits.
    private static func fits(_ value: Int32, bits: Int) -> Bool {
        let half = Int64(1) << (bits - 1)
        return (-half..<half).contains(Int64(value))
    }
}
