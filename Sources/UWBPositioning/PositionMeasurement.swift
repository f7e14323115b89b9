import UWBCore

/// What a tag measured of its position relative to the anchors: a distance to one (two-way
/// ranging), the difference of its distances to two, or a pseudorange, the distance plus an
/// unknown offset it shares with the other pseudoranges of one clock (time difference of arrival).
public enum PositionMeasurement: Hashable, Sendable {
    /// The distance to `anchor`, with the standard deviation of its error.
    case distance(to: String, Distance, standardDeviation: Distance)
    /// The distance to `anchor` less the distance to `reference` (DL-TDoA: the tag hears both;
    /// UL-TDoA: both hear the tag), with the standard deviation of its error.
    case distanceDifference(anchor: String, reference: String, Distance, standardDeviation: Distance)
    /// The distance to `anchor` plus an unknown offset common to every pseudorange of `clock`, with
    /// the standard deviation of its error. A DL-TDoA tag's arrival times in one round, all read
    /// off its own clock, are pseudoranges of that round: unlike differences against one
    /// reference, their errors are independent, so the solver weighs them exactly and can leave
    /// out any one of them, the reference's included.
    case pseudorange(anchor: String, clock: String, Distance, standardDeviation: Distance)

    /// The anchors the measurement involves, the measured one first.
    public var anchors: [String] {
        switch self {
        case .distance(let anchor, _, _), .pseudorange(let anchor, _, _, _): [anchor]
        case .distanceDifference(let anchor, let reference, _, _): [anchor, reference]
        }
    }

    /// The measured anchor (not a difference's reference).
    var measuredAnchor: String {
        switch self {
        case .distance(let anchor, _, _), .pseudorange(let anchor, _, _, _), .distanceDifference(let anchor, _, _, _): anchor
        }
    }

    /// The measured value in metres.
    var metres: Double {
        switch self {
        case .distance(_, let distance, _): distance.metres
        case .distanceDifference(_, _, let difference, _): difference.metres
        case .pseudorange(_, _, let value, _): value.metres
        }
    }

    /// The standard deviation of its error in metres.
    var deviation: Double {
        switch self {
        case .distance(_, _, let deviation), .distanceDifference(_, _, _, let deviation), .pseudorange(_, _, _, let deviation):
            deviation.metres
        }
    }

    /// The same measurement with the standard deviation `deviation`.
    func with(deviation: Distance) -> PositionMeasurement {
        switch self {
        case .distance(let anchor, let value, _): .distance(to: anchor, value, standardDeviation: deviation)
        case .distanceDifference(let anchor, let reference, let value, _):
            .distanceDifference(anchor: anchor, reference: reference, value, standardDeviation: deviation)
        case .pseudorange(let anchor, let clock, let value, _): .pseudorange(anchor: anchor, clock: clock, value, standardDeviation: deviation)
        }
    }

    /// The clock whose offset the measurement shares, for a pseudorange.
    var clock: String? {
        if case .pseudorange(_, let clock, _, _) = self { clock } else { nil }
    }
}
