import UWBCore

/// The arrow glyph that points from a device towards a peer in the live view.
///
/// The bearing (``DemoReading/azimuth``, in (−180°, 180°], positive to the right) falls into one of
/// eight sectors of 45°, each centred on its arrow. Sectors are half-open: each includes its
/// left (counter-clockwise) edge and excludes its right edge, so an angle on a boundary takes the
/// arrow clockwise of it:
///
/// | arrow | bearing            |
/// |-------|--------------------|
/// | ↑     | [−22.5°, 22.5°)    |
/// | ↗     | [22.5°, 67.5°)     |
/// | →     | [67.5°, 112.5°)    |
/// | ↘     | [112.5°, 157.5°)   |
/// | ↓     | [157.5°, 180°] and (−180°, −157.5°) |
/// | ↙     | [−157.5°, −112.5°) |
/// | ←     | [−112.5°, −67.5°)  |
/// | ↖     | [−67.5°, −22.5°)   |
///
/// An unknown bearing shows as ``unknown``.
enum DemoArrow {
    /// The glyph for a peer whose bearing is unknown.
    static let unknown = "·"

    /// The arrows clockwise from straight ahead, one per 45° sector.
    static let arrows = ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"]

    /// The arrow for a reading's bearing, or ``unknown``.
    static func glyph(for reading: DemoReading) -> String {
        glyph(forAzimuth: reading.azimuth)
    }

    /// The arrow for a bearing (0 ahead, positive to the right; any value, it is wrapped), or
    /// ``unknown`` when it is nil or not finite.
    static func glyph(forAzimuth azimuth: Angle?) -> String {
        guard let azimuth, azimuth.radians.isFinite else { return unknown }
        let sector = Int(((azimuth.wrapped.degrees + 22.5) / 45).rounded(.down))
        return arrows[(sector % arrows.count + arrows.count) % arrows.count]
    }
}
