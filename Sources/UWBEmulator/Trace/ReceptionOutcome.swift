/// What became of one transmitted frame at one receiver, as recorded in a trace.
///
/// The raw values are the words that appear in the trace's per-frame comment (see
/// `TraceMetadataComment` for the grammar), so they are part of the trace format.
///
/// ``notListening`` is included because the medium knows it and it is the first question when a
/// protocol misbehaves ("was the frame lost on the air, or was the receiver simply off?"). The
/// medium lists a device with this outcome only if it would otherwise have been a candidate
/// receiver; it may leave such devices out of the record altogether.
public enum ReceptionOutcome: String, CaseIterable, Hashable, Sendable {
    /// The receiver decoded the frame (preamble detected, PHR and payload intact, FCS correct).
    case received
    /// The frame reached the receiver's antenna but was not decoded: too weak, or a bit error
    /// drawn from the packet error rate.
    case lost
    /// Another transmission overlapped this one at the receiver and neither was decoded
    /// (or this one lost the capture).
    case collided
    /// The receiver's hardware frame filter refused the frame (DW1000 User Manual §5.2): its
    /// type, PAN ID or destination address was not one the receiver accepts.
    case rejected
    /// The receiver was not in receive mode (idle, transmitting, or between receive windows)
    /// while the frame was on the air.
    case notListening = "not-listening"
}
