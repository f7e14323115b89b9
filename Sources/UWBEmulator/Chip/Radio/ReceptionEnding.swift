/// How a reception a chip locked onto ends.
public enum ReceptionEnding: Sendable {
    /// At the frame's end, received (intact or not: the medium judges it).
    case complete
    /// Early, when the frame filter has read what it rejects the frame for (DW1000 UM §5.2.2).
    case rejected
    /// Early, when the PHY header fails its check: what a receiver reports for a frame whose
    /// packet configuration it does not expect (an STS where it expects the PHY header, or the
    /// other way round; `Docs/reference/uwb-physics.md` §1.3b).
    case headerError
}
