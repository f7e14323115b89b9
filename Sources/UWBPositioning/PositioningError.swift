import UWBCore

/// Why a solver gives no position: never a made-up one.
public enum PositioningError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Two anchors of the set have the same name.
    case duplicateAnchor(String)
    /// An anchor's coordinates are not finite: it was never surveyed.
    case unsurveyedAnchor(String)
    /// A measurement names an anchor the set does not have.
    case unknownAnchor(String)
    /// A measurement's standard deviation is not a positive finite length, or its value is not finite.
    case invalidMeasurement(String)
    /// Fewer independent measurements than the unknowns of the fix.
    case tooFewMeasurements(needed: Int, given: Int)
    /// The anchors cannot tell positions apart: collinear anchors in 2-D or coplanar ones in 3-D
    /// leave a mirror image, a tag on an anchor baseline's extension sees no difference when it
    /// moves along it, and measurements with one or two degrees of freedom to spare can fit a second
    /// position far from the first (outside the anchors' hull). The reason says which, and what to do.
    case ambiguousGeometry(String)
    /// A site origin off the globe: a latitude beyond ±90°, a longitude beyond ±180°, or values that
    /// are not finite.
    case invalidSiteOrigin(GeodeticPosition)
    /// The solver did not settle on a position.
    case noConvergence(iterations: Int)
    /// Every set of measurements consistent with their stated errors was too small to fix a
    /// position: the measurements contradict each other (a lying anchor, NLOS) beyond repair.
    case inconsistentMeasurements(normalisedResidual: Double)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .duplicateAnchor(let name):
            "two anchors are named \"\(name)\": give every anchor its own name"
        case .unsurveyedAnchor(let name):
            "anchor \"\(name)\" has no finite coordinates: survey it before positioning with it"
        case .unknownAnchor(let name):
            "a measurement names anchor \"\(name)\", which the anchor set does not have: survey it or drop the measurement"
        case .invalidMeasurement(let detail):
            "invalid measurement: \(detail)"
        case .tooFewMeasurements(let needed, let given):
            "\(given) measurement\(given == 1 ? "" : "s") cannot fix a position that needs \(needed): hear more anchors"
        case .ambiguousGeometry(let reason):
            "the anchors cannot fix this position: \(reason)"
        case .invalidSiteOrigin(let origin):
            "the site origin \(origin) is off the globe: give a latitude within ±90° and a longitude within ±180°"
        case .noConvergence(let iterations):
            "no position settled after \(iterations) iterations: the measurements may contradict each other"
        case .inconsistentMeasurements(let residual):
            "the measurements contradict each other (normalised residual \(residual)) and too few agree to fix a position"
        }
    }
}
