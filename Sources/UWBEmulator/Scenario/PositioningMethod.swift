/// How a scenario's tags are positioned (JSON: `positioning.method`): the anchors' and tags' part
/// in it is the layers above the emulator's (UWBPositioning).
public enum PositioningMethod: String, Hashable, Sendable, CaseIterable {
    /// Downlink TDoA: the anchors run rounds (Poll, Responses, Final) cluster by cluster and the
    /// tags only listen, so any number of tags costs no airtime.
    case downlinkTDoA = "dl-tdoa"
    /// Uplink TDoA: the tags blink, every anchor timestamps the blinks in its cluster's time base
    /// (its reference anchor's syncs), and a server fixes each blink, as an RTLS does.
    case uplinkTDoA = "ul-tdoa"
    /// Two-way ranging: every tag runs a session with every anchor (the anchors respond) and fixes
    /// itself from the distances.
    case twoWayRanging = "twr"
}
