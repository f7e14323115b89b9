import UWBCore

/// Why a DL-TDoA frame could not be built or read.
public enum DownlinkTDoAFrameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The anchor's position has a coordinate that is not finite or beyond the ±2147 km the frame holds.
    case positionOutOfRange(Position)
    /// A reply time that is negative or does not fit 40 bits.
    case replyTimeOutOfRange(DeviceDuration)
    /// A clock offset beyond the ±2.1 × 10⁶ ppm the frame holds.
    case clockOffsetOutOfRange(ClockOffset)
    /// A time of flight that is negative or does not fit the frame's 16 bits (0xFFFF means none).
    case timeOfFlightOutOfRange(DeviceDuration)
    /// A Final listing more Responses than ``DownlinkTDoAFrame/maximumResponsesInFinal``.
    case tooManyResponses(Int)
    /// A floor number beyond −128…127, or a height above the floor beyond ±32.767 m.
    case floorOutOfRange(FloorElevation)
    /// The MAC codec refused the frame.
    case macFrame(MACFrameError)
    /// A frame that claims to be a DL-TDoA message but is not one.
    case malformed(String)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .positionOutOfRange(let position):
            "an anchor at \(position) cannot be sent: survey it in site coordinates within ±2147 km of the origin"
        case .replyTimeOutOfRange(let replyTime):
            "a reply time of \(replyTime) does not fit the frame's 40 bits: a responder replies within one clock wrap (17.2 s)"
        case .timeOfFlightOutOfRange(let flight):
            "a time of flight of \(flight) does not fit the frame: it carries 0 to 65534 ticks (0 to 307 m); leave out one that is not measured"
        case .tooManyResponses(let count):
            "a Final cannot list \(count) Responses: it holds at most \(DownlinkTDoAFrame.maximumResponsesInFinal); list the first ones"
        case .floorOutOfRange(let floor):
            "an anchor on \(floor) cannot be sent: give a floor number from -128 to 127 and a height above it within ±32.767 m"
        case .clockOffsetOutOfRange(let offset):
            "a clock offset of \(offset) does not fit the frame: the anchors' clocks are not working"
        case .macFrame(let error):
            "the MAC frame could not be built: \(error)"
        case .malformed(let detail):
            "malformed DL-TDoA frame: \(detail)"
        }
    }
}
