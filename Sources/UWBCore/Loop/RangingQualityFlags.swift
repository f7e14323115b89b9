/// Why a measurement is less trustworthy than its figure of merit alone says, or why it has no
/// distance: each flag names one check the round failed. UWBRanging's measurement builder sets
/// them; they live here because a device's loop reports them too (``ReportedMeasurement``).
public struct RangingQualityFlags: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The flags' bits.
    public let rawValue: UInt8

    /// Flags from their bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The configuration has a scrambled timestamp sequence (STS) but a frame of the round came
    /// without a secure timestamp: the receiver did not check it, so its time cannot be trusted.
    public static let secureTimestampMissing = RangingQualityFlags(rawValue: 1 << 0)
    /// A frame's STS correlated too weakly (UWBRanging's `SecureTimestampReading.isGood` false): a wrong key,
    /// a frame too weak, or a forged preamble with no genuine STS behind it.
    public static let secureTimestampQualityLow = RangingQualityFlags(rawValue: 1 << 1)
    /// A frame's STS timestamp and its preamble (Ipatov) timestamp are further apart than
    /// UWBRanging's `SecureTimestampCheck.tolerance`: the signature of a distance-reduction attack on the
    /// public preamble.
    public static let secureTimestampMismatch = RangingQualityFlags(rawValue: 1 << 2)

    /// The flags whose round gives no distance: all of the above, since each means a time of
    /// arrival cannot be trusted.
    public static let withholdsDistance: RangingQualityFlags = [
        .secureTimestampMissing, .secureTimestampQualityLow, .secureTimestampMismatch,
    ]

    /// Every flag, with its name, in the order of their bits.
    private static let named: [(flag: RangingQualityFlags, name: String)] = [
        (.secureTimestampMissing, "secureTimestampMissing"),
        (.secureTimestampQualityLow, "secureTimestampQualityLow"),
        (.secureTimestampMismatch, "secureTimestampMismatch"),
    ]

    /// Every flag defined here: a set with any other bit comes from something newer or is corrupt.
    public static let defined = RangingQualityFlags(named.map(\.flag))

    /// The names of the flags set, in the order of their bits, for example `["secureTimestampMismatch"]`.
    public var names: [String] {
        Self.named.filter { contains($0.flag) }.map(\.name)
    }

    /// The flags' names, for example `[secureTimestampMismatch]`.
    public var description: String {
        "[" + names.joined(separator: ", ") + "]"
    }
}
