import UWBCore

/// What one UL-TDoA anchor tells the locator about one blink it heard: who it is and where, which
/// blink, and when it arrived in its cluster's time base, the reference anchor's clock.
public struct UplinkTDoAReport: Hashable, Sendable {
    /// The anchor that heard the blink, named by its short address, and its surveyed position.
    public let anchor: Anchor
    /// The cluster's reference anchor, by name: the time base ``arrival`` is in.
    public let reference: String
    /// The tag's short address.
    public let tag: UInt16
    /// The blink's number.
    public let sequence: UInt16
    /// When the blink reached the anchor, read on the reference anchor's clock.
    public let arrival: DeviceTime

    /// A report.
    public init(anchor: Anchor, reference: String, tag: UInt16, sequence: UInt16, arrival: DeviceTime) {
        self.anchor = anchor
        self.reference = reference
        self.tag = tag
        self.sequence = sequence
        self.arrival = arrival
    }
}
