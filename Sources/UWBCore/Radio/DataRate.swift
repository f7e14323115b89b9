/// The data rate of the PHY payload (DW1000 User Manual §9.3).
public enum DataRate: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// 110 kbps: longest range.
    case kbps110 = 110
    /// 850 kbps.
    case kbps850 = 850
    /// 6.8 Mbps: shortest frames.
    case mbps6_8 = 6800

    /// The data rate with the given value in kbps (110, 850 or 6800).
    ///
    /// - Throws: ``RadioConfigError/unsupportedDataRate(_:)`` for other values.
    public init(kilobitsPerSecond: Int) throws(RadioConfigError) {
        guard let rate = DataRate(rawValue: kilobitsPerSecond) else { throw .unsupportedDataRate(kilobitsPerSecond) }
        self = rate
    }

    /// The time one payload bit occupies before Reed-Solomon overhead: 8.20513 µs, 1.02564 µs or
    /// 0.12821 µs (IEEE 802.15.4a symbol timing, as used by Decawave's `dw1000_phy_frame_duration`).
    public var bitDuration: Duration {
        switch self {
        case .kbps110: Self.bitDurations.kbps110
        case .kbps850: Self.bitDurations.kbps850
        case .mbps6_8: Self.bitDurations.mbps6_8
        }
    }

    /// ``bitDuration``'s values, made once: a `Duration` made from a fractional number of
    /// nanoseconds costs hundreds of instructions, and every frame's airtime needs one.
    private static let bitDurations = (
        kbps110: Duration.nanoseconds(8205.13), kbps850: Duration.nanoseconds(1025.64), mbps6_8: Duration.nanoseconds(128.21))

    /// The time one PHY header bit occupies: the PHR is sent at 850 kbps for the two fast rates
    /// and at 110 kbps for the slow one.
    public var headerBitDuration: Duration {
        switch self {
        case .kbps110: DataRate.kbps110.bitDuration
        case .kbps850, .mbps6_8: DataRate.kbps850.bitDuration
        }
    }

    /// The DW1000's typical receiver sensitivity at this rate (10 % packet error for 20-octet frames):
    /// −106 dBm at 110 kbps and −93 dBm at 6.8 Mbps, as `Docs/reference/uwb-physics.md` §1.3 quotes them
    /// [unconfirmed against the datasheet], and −102 dBm at 850 kbps, between the two [unconfirmed].
    /// The emulator's receiver and the ranging engine's figure of merit both start from these.
    public var typicalSensitivity: PowerLevel {
        switch self {
        case .kbps110: PowerLevel(dBm: -106)
        case .kbps850: PowerLevel(dBm: -102)
        case .mbps6_8: PowerLevel(dBm: -93)
        }
    }

    /// "110 kbps", "850 kbps" or "6.8 Mbps".
    public var description: String {
        switch self {
        case .kbps110: "110 kbps"
        case .kbps850: "850 kbps"
        case .mbps6_8: "6.8 Mbps"
        }
    }
}
