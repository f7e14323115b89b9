import UWBCore

/// The small bar that shows a distance at a glance in the live view: ``cells`` cells spanning 0 to
/// ``fullScale``, one filled cell per half metre (rounded to the nearest cell, clamped at both ends).
enum DemoDistanceBar {
    /// The number of cells in a bar.
    static let cells = 20

    /// The distance of a completely filled bar.
    static let fullScale = Distance(metres: 10)

    /// A cell within the distance.
    static let filled = "█"

    /// A cell beyond the distance.
    static let empty = "░"

    /// The bar for a distance; nil when the distance is unknown or not finite.
    static func bar(for distance: Distance?) -> String? {
        guard let metres = distance?.metres, metres.isFinite else { return nil }
        let count = min(cells, max(0, Int((metres / fullScale.metres * Double(cells)).rounded())))
        return String(repeating: filled, count: count) + String(repeating: empty, count: cells - count)
    }
}
