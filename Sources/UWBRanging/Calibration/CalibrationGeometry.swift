import Foundation
import UWBCore

/// Checks the true distances of an antenna-delay calibration before anything is measured: they
/// must be possible (every triangle closes) and every three devices must form a real triangle,
/// none standing in the direct path of the other two.
public enum CalibrationGeometry {
    /// How much longer than the other two sides together one side of a triangle may be before the
    /// distances are taken for a mistake: 5 cm, what tape measures between antennas miss by.
    public static let measuringTolerance = Distance(metres: 0.05)

    /// Checks every three devices whose three distances `pairs` give.
    ///
    /// A device closer to the line between two others than the radius of their first Fresnel zone
    /// there, √(λ·d₁·d₂/(d₁+d₂)), takes part in their propagation and biases their distance.
    ///
    /// - Parameter wavelength: the carrier's wavelength (46.2 mm on channel 5).
    /// - Throws: ``AntennaDelayEstimateError/inconsistentDistances(first:second:third:excess:)`` or
    ///   ``AntennaDelayEstimateError/collinear(first:second:middle:offset:needed:)`` for the first
    ///   such three devices.
    public static func check(_ pairs: [AntennaDelayEstimate.Pair], wavelength: Distance) throws(AntennaDelayEstimateError) {
        var distances: [[Int]: Double] = [:]
        for pair in pairs {
            distances[[min(pair.first, pair.second), max(pair.first, pair.second)]] = pair.actual.metres
        }
        let devices = Set(pairs.flatMap { [$0.first, $0.second] }).sorted()
        for (index, a) in devices.enumerated() {
            for (offset, b) in devices.dropFirst(index + 1).enumerated() {
                for c in devices.dropFirst(index + offset + 2) {
                    try checkTriangle([a, b, c], distances: distances, wavelength: wavelength.metres)
                }
            }
        }
    }

    /// Checks one triangle of devices `corners` (ascending), if all three distances are known.
    private static func checkTriangle(_ corners: [Int], distances: [[Int]: Double], wavelength: Double) throws(AntennaDelayEstimateError) {
        // Each side with the corner opposite it.
        var sides: [(length: Double, ends: [Int], opposite: Int)] = []
        for opposite in corners {
            let ends = corners.filter { $0 != opposite }
            guard let length = distances[ends] else { return }
            sides.append((length, ends, opposite))
        }
        sides.sort { $0.length < $1.length }
        let (short, middle, long) = (sides[0].length, sides[1].length, sides[2].length)
        if long > short + middle + measuringTolerance.metres {
            throw .inconsistentDistances(
                first: corners[0], second: corners[1], third: corners[2], excess: Distance(metres: long - short - middle))
        }
        // Heron's formula (in the numerically stable order for sorted sides) gives the area, and so
        // the height of the corner opposite the longest side above it.
        let product = (long + (middle + short)) * (short - (long - middle)) * (short + (long - middle)) * (long + (middle - short))
        let height = 2 * (max(product, 0).squareRoot() / 4) / long
        // Where that corner's foot falls between the ends, and the first Fresnel zone's radius there.
        let along = ((sides[1].length * sides[1].length) - height * height).squareRoot()
        let rest = max(long - along, 0)
        let fresnel = (wavelength * along * rest / long).squareRoot()
        if height < fresnel {
            throw .collinear(
                first: sides[2].ends[0], second: sides[2].ends[1], middle: sides[2].opposite,
                offset: Distance(metres: height), needed: Distance(metres: fresnel))
        }
    }
}
