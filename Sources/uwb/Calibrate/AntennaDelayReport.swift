import Foundation
import UWBCore
import UWBRanging

/// What `uwb calibrate antenna-delay` prints, on the emulator and on radios alike.
enum AntennaDelayReport {
    /// `ticks` of delay as the distance c·ε, in centimetres with one decimal.
    static func centimetres(_ ticks: Int64) -> String {
        String(format: "%.1f", Double(ticks) / DeviceClock.ticksPerSecond * PhysicalConstants.speedOfLight.metresPerSecond * 100)
    }

    /// Each pair's true and measured distance and what the fit leaves of it.
    static func printPairs(_ pairs: [AntennaDelayEstimate.Pair], names: [String], estimate: AntennaDelayEstimate) {
        print("| pair | true distance (m) | measured (m) | residual after the fit (cm) |")
        print("| --- | ---: | ---: | ---: |")
        for (pair, residual) in zip(pairs, estimate.residuals) {
            print("| \(names[pair.first]) – \(names[pair.second]) | \(String(format: "%.3f", pair.actual.metres)) | "
                + "\(String(format: "%.3f", pair.measured.metres)) | \(String(format: "%.1f", residual.metres * 100)) |")
        }
        print("Residual RMS \(String(format: "%.1f", estimate.residualRMS.metres * 100)) cm.")
    }

    /// The pairs' absolute distance errors before and after, as one line.
    static func printBeforeAndAfter(before: [AntennaDelayEstimate.Pair], after: [AntennaDelayEstimate.Pair]) {
        print("")
        print("Pairs' distance error, \(before.count) pairs: before \(summary(before)); "
            + "run again with each board's calibration corrected by the estimate \(summary(after)).")
    }

    /// Median and largest absolute error of `pairs`, in centimetres.
    private static func summary(_ pairs: [AntennaDelayEstimate.Pair]) -> String {
        let sorted = pairs.map { abs($0.measured.metres - $0.actual.metres) }.sorted()
        guard let largest = sorted.last else { return "none" }
        return String(format: "median %.1f cm, largest %.1f cm", sorted[sorted.count / 2] * 100, largest * 100)
    }
}
