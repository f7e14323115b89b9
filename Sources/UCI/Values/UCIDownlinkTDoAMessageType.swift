/// Which DL-TDoA message (DTM) of a round a DL-TDoA measurement comes from.
///
/// Source: Android's `android.ranging.DlTdoaMeasurement` (API 37): `MESSAGE_TYPE_POLL_DTM` 0,
/// `MESSAGE_TYPE_RESPONSE_DTM` 1, `MESSAGE_TYPE_FINAL_DTM` 2. Other values survive a decode.
public struct UCIDownlinkTDoAMessageType: UCICode {
    /// The raw type octet.
    public let rawValue: UInt8
    /// Wraps a raw type.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The initiator anchor's Poll, which opens the round.
    public static let poll = UCIDownlinkTDoAMessageType(rawValue: 0x00)
    /// A responder anchor's Response.
    public static let response = UCIDownlinkTDoAMessageType(rawValue: 0x01)
    /// The initiator anchor's Final, which closes the round.
    public static let final = UCIDownlinkTDoAMessageType(rawValue: 0x02)

    /// The types Android names.
    public static let knownCodes: [(code: UCIDownlinkTDoAMessageType, name: String)] = [
        (.poll, "POLL_DTM"), (.response, "RESPONSE_DTM"), (.final, "FINAL_DTM"),
    ]
}
