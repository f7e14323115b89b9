import ArgumentParser
import UWBCore

/// A `--distance` of `uwb calibrate antenna-delay`: `A-B=METRES`, the true distance between the
/// antennas of the A-th and B-th `--device` (counting from 1).
struct PairDistance: ExpressibleByArgument, Hashable {
    /// The first device's index (from 0).
    let first: Int
    /// The second device's index (from 0).
    let second: Int
    /// The distance.
    let distance: Distance

    /// Parses `A-B=METRES`; nil for anything else, or a distance that is not a positive number.
    init?(argument: String) {
        let parts = argument.split(separator: "=", omittingEmptySubsequences: false)
        guard parts.count == 2, let metres = Double(parts[1]), metres.isFinite, metres > 0 else { return nil }
        let devices = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        guard devices.count == 2, let first = Int(devices[0]), let second = Int(devices[1]), first >= 1, second >= 1, first != second else {
            return nil
        }
        self.first = min(first, second) - 1
        self.second = max(first, second) - 1
        distance = Distance(metres: metres)
    }

    /// How the value is written, for the help.
    static var defaultValueDescription: String { "A-B=METRES" }
}
