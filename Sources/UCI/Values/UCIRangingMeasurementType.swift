/// The ranging measurement type of SESSION_INFO_NTF, which decides the measurement layout.
///
/// Source: pica `uci_packets.pdl` `RangingMeasurementType`.
public struct UCIRangingMeasurementType: UCICode {
    /// The raw type octet.
    public let rawValue: UInt8
    /// Wraps a raw type.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// One-way ranging (UL-TDoA).
    public static let oneWay = UCIRangingMeasurementType(rawValue: 0x00)
    /// Two-way ranging (SS-TWR, DS-TWR): the layout `UCITwoWayMeasurement` decodes.
    public static let twoWay = UCIRangingMeasurementType(rawValue: 0x01)
    /// Downlink TDoA (UCI 2.0).
    public static let downlinkTDoA = UCIRangingMeasurementType(rawValue: 0x02)
    /// One-way ranging for angle of arrival (UCI 2.0).
    public static let oneWayAoA = UCIRangingMeasurementType(rawValue: 0x03)

    /// The types the specification names.
    public static let knownCodes: [(code: UCIRangingMeasurementType, name: String)] = [
        (.oneWay, "ONE_WAY"), (.twoWay, "TWO_WAY"), (.downlinkTDoA, "DL_TDOA"), (.oneWayAoA, "OWR_AOA"),
    ]
}
