import UWBCore

/// The solver's space: the horizontal plane at a tag's known height, or all three dimensions.
///
/// Coordinates are the project's world frame: +y up, x and z horizontal (`Docs/scenarios.md`);
/// a site tied to the globe has x east, y up and z south (``SiteFrame``).
public enum SolverGeometry: Hashable, Sendable {
    /// x and z, the tag at height `height` (y).
    case planar(height: Distance)
    /// x, y and z.
    case spatial

    /// The number of unknowns.
    var unknowns: Int {
        switch self {
        case .planar: 2
        case .spatial: 3
        }
    }

    /// The point `unknowns` stands for (its first coordinates; clock offsets after them are ignored).
    func point(_ unknowns: [Double]) -> Vector3 {
        switch self {
        case .planar(let height): Vector3(x: unknowns[0], y: height.metres, z: unknowns[1])
        case .spatial: Vector3(x: unknowns[0], y: unknowns[1], z: unknowns[2])
        }
    }

    /// The unknowns of `point`.
    func unknowns(of point: Vector3) -> [Double] {
        switch self {
        case .planar: [point.x, point.z]
        case .spatial: [point.x, point.y, point.z]
        }
    }

    /// The unknowns' coordinate `axis` of `point`: x then z in 2-D, x, y then z in 3-D.
    func coordinate(_ axis: Int, of point: Vector3) -> Double {
        switch (self, axis) {
        case (_, 0): point.x
        case (.planar, _): point.z
        case (.spatial, 1): point.y
        case (.spatial, _): point.z
        }
    }

    /// The derivative of the distance from `anchor` at `point`: the unit vector from the anchor,
    /// whose ``coordinate(_:of:)``s are the derivatives with respect to the unknowns.
    func gradient(from anchor: Vector3, at point: Vector3) -> Vector3 {
        let offset = point - anchor
        let length = max(offset.length, 1e-12)
        return offset * (1 / length)
    }

    /// What ``ambiguity(of:)`` says of anchors that stand on one line seen from above, in 2-D.
    public static let anchorsOnOneLine = "the anchors stand on one line (seen from above); place anchors off that line"
    /// What ``ambiguity(of:)`` says of anchors that stand in one plane, in 3-D: anchors all at one
    /// height, for example, which leave a tag's height undecided.
    public static let anchorsInOnePlane = "the anchors stand in one plane; place anchors off that plane"

    /// Why `points` cannot fix a position in this space, or nil: in 2-D they must not all lie on
    /// one line (seen from above), in 3-D not all in one plane, or a mirror image of every position
    /// fits the measurements as well.
    func ambiguity(of points: [Vector3]) -> String? {
        guard let first = points.first else { return "no anchors; survey some" }
        let offsets = points.dropFirst()
        var scale = 0.0
        for point in offsets {
            scale = max(scale, (point - first).length)
        }
        scale = max(scale, 1e-9)
        // The largest area (2-D) or volume (3-D) the points span against the threshold: the first
        // that passes it settles the answer, so the search ends there, usually within a few.
        switch self {
        case .planar:
            let threshold = 1e-6 * scale * scale
            for a in offsets {
                for b in offsets {
                    let (u, v) = (a - first, b - first)
                    if abs(u.x * v.z - u.z * v.x) > threshold { return nil }
                }
            }
            return Self.anchorsOnOneLine
        case .spatial:
            let threshold = 1e-6 * scale * scale * scale
            for a in offsets {
                for b in offsets {
                    let (u, v) = (a - first, b - first)
                    let cross = Vector3(x: u.y * v.z - u.z * v.y, y: u.z * v.x - u.x * v.z, z: u.x * v.y - u.y * v.x)
                    for c in offsets where abs(cross.dot(c - first)) > threshold {
                        return nil
                    }
                }
            }
            return Self.anchorsInOnePlane
        }
    }
}
