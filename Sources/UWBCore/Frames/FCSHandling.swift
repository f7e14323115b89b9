/// What ``MACFrame/init(decoding:phrMode:fcs:)`` does with the frame check sequence.
public enum FCSHandling: Hashable, Sendable {
    /// The last 2 octets are the FCS; decoding fails with ``MACFrameError/fcsMismatch(received:computed:)``
    /// unless they match the frame.
    case verify
    /// The last 2 octets are the FCS and were already checked (for example by the radio, which
    /// reports RXFCG); they are dropped without checking.
    case ignore
    /// The bytes end with the payload; no FCS octets are present.
    case absent

    /// How many trailing octets hold the FCS.
    var trailerLength: Int {
        switch self {
        case .verify, .ignore: FrameCheckSequence.length
        case .absent: 0
        }
    }
}
