/// The archived form of an ``NINearbyObject`` and its validation.
///
/// Version 1, little-endian, IEEE 754 single precision:
///
/// | Offset | Size | Field |
/// |---|---|---|
/// | 0 | 1 | format version, 1 |
/// | 1 | 1 | present: bit 0 distance, bit 1 direction, bit 2 horizontal angle; bits 3–7 reserved, 0 |
/// | 2 | 1 | vertical direction estimate, 0–4 |
/// | 3 | 1 | reserved, 0 |
/// | 4 | 4 | distance in metres (0 if absent) |
/// | 8 | 12 | direction x, y, z (0 if absent) |
/// | 20 | 4 | horizontal angle in radians (0 if absent) |
/// | 24 | 2 + n | peer token content, with its length |
struct NINearbyObjectContent {
    /// The format version this library writes and reads.
    static let currentVersion: UInt8 = 1
    /// How far a direction's length may be from 1.
    static let unitTolerance: Float = 1e-3

    /// The peer's token.
    let token: DiscoveryTokenContent
    /// See ``NINearbyObject/distance``.
    let distance: Float?
    /// See ``NINearbyObject/direction``.
    let direction: simd_float3?
    /// See ``NINearbyObject/horizontalAngle``.
    let horizontalAngle: Float?
    /// See ``NINearbyObject/verticalDirectionEstimate``.
    let verticalDirectionEstimate: NINearbyObject.VerticalDirectionEstimate

    /// The content of `object`.
    init(_ object: NINearbyObject) {
        token = object.discoveryToken.content
        distance = object.distance
        direction = object.direction
        horizontalAngle = object.horizontalAngle
        verticalDirectionEstimate = object.verticalDirectionEstimate
    }

    /// The archived form (format version 1).
    var encoded: [UInt8] {
        var writer = PayloadWriter()
        writer.append(Self.currentVersion)
        writer.append((distance == nil ? 0 : 0b001) | (direction == nil ? 0 : 0b010) | (horizontalAngle == nil ? 0 : 0b100))
        writer.append(UInt8(truncatingIfNeeded: verticalDirectionEstimate.rawValue))
        writer.append(0)
        writer.appendFloat(distance ?? 0)
        let vector = direction ?? simd_float3(repeating: 0)
        writer.appendFloat(vector.x)
        writer.appendFloat(vector.y)
        writer.appendFloat(vector.z)
        writer.appendFloat(horizontalAngle ?? 0)
        writer.appendLengthPrefixed(token.encoded)
        return writer.bytes
    }

    /// Decodes and validates an archived nearby object.
    ///
    /// - Throws: ``NIArchiveError`` for a wrong version, reserved bits, wrong lengths, a value where the
    ///   presence bit says none, a negative or non-finite distance, a direction that is not a unit
    ///   vector, an angle outside [−π, π], an unknown vertical estimate or a malformed token.
    init(decoding bytes: [UInt8]) throws(NIArchiveError) {
        var reader = PayloadReader(bytes)
        let version = try reader.readOctet("nearby object format version")
        guard version == Self.currentVersion else { throw .unsupportedVersion(version, type: "nearby object") }
        let present = try reader.readOctet("nearby object presence")
        guard present & 0b1111_1000 == 0 else { throw .reservedBitsSet(field: "nearby object presence", value: present) }
        let verticalRaw = try reader.readOctet("vertical direction estimate")
        guard let vertical = NINearbyObject.VerticalDirectionEstimate(rawValue: Int(verticalRaw)) else {
            throw .invalidValue(field: "vertical direction estimate", reason: "\(verticalRaw) is not 0–4")
        }
        try reader.readReserved("nearby object octet 3")
        let distance = try reader.readFloat("distance")
        let vector = simd_float3(try reader.readFloat("direction x"), try reader.readFloat("direction y"), try reader.readFloat("direction z"))
        let angle = try reader.readFloat("horizontal angle")
        let token = try DiscoveryTokenContent(decoding: try reader.readLengthPrefixed("nearby object token"))
        try reader.finish()

        if present & 0b001 != 0 {
            guard distance.isFinite, distance >= 0 else {
                throw .invalidValue(field: "distance", reason: "\(distance) is not a finite, non-negative distance")
            }
            self.distance = distance
        } else {
            guard distance.bitPattern == 0 else { throw .invalidValue(field: "distance", reason: "value present but marked absent") }
            self.distance = nil
        }
        if present & 0b010 != 0 {
            let length = (vector * vector).sum().squareRoot()
            guard length.isFinite, abs(length - 1) <= Self.unitTolerance else {
                throw .invalidValue(field: "direction", reason: "not a unit vector")
            }
            self.direction = vector
        } else {
            guard vector == simd_float3(repeating: 0), vector.x.sign == .plus, vector.y.sign == .plus, vector.z.sign == .plus else {
                throw .invalidValue(field: "direction", reason: "value present but marked absent")
            }
            self.direction = nil
        }
        if present & 0b100 != 0 {
            guard angle.isFinite, abs(angle) <= .pi else {
                throw .invalidValue(field: "horizontal angle", reason: "\(angle) is not in [−π, π]")
            }
            self.horizontalAngle = angle
        } else {
            guard angle.bitPattern == 0 else { throw .invalidValue(field: "horizontal angle", reason: "value present but marked absent") }
            self.horizontalAngle = nil
        }
        self.token = token
        self.verticalDirectionEstimate = vertical
    }
}
