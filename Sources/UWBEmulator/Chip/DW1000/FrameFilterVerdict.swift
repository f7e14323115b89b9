/// What the DW1000's frame filter makes of a received frame.
enum FrameFilterVerdict: Hashable, Sendable {
    /// The frame passes (or filtering is off): it ends as any frame does, with RXFCG or RXFCE.
    case accepted
    /// The frame fails a rule once the chip has received `afterOctets` octets of its PHY payload:
    /// the reception is aborted then and AFFREJ set (UM §5.2.2).
    case rejected(afterOctets: Int)
}
