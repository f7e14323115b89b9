import UWBCore

/// What a tag measured of its position relative to the anchors: a distance to one (two-way
/// ranging), or the difference of its distances to two (time difference of arrival).
public enum PositionMeasurement: Hashable, Sendable {
    /// The distance to `anchor`, with the standard deviation of its error.
    case distance(to: String, Distance, standardDeviation: Distance)
    /// The distance to `anchor` less the distance to `reference` (DL-TDoA: the tag hears both;
    /// UL-TDoA: both hear the tag), with the standard deviation of its error.
    case distanceDifference(anchor: String, reference: String, Distance, standardDeviation: Distance)

    /// The anchors the measurement involves, the measured one first.
    public var anchors: [String] {
        switch self {
        case .distance(let anchor, _, _): [anchor]
        case .distanceDifference(let anchor, let reference, _, _): [anchor, reference]
        }
    }

    /// The measured value in metres.
    var metres: Double {
        switch self {
        case .distance(_, let distance, _): distance.metres
        case .distanceDifference(_, _, let difference, _): difference.metres
        }
    }

    /// The standard deviation of its error in metres.
    var deviation: Double {
        switch self {
        case .distance(_, _, let deviation), .distanceDifference(_, _, _, let deviation): deviation.metres
        }
    }
}
