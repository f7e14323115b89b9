import EmulatorHarness
import UWBCore
import UWBEmulator
import UWBPlot

/// How far reported distances and horizontal angles lie from the scenario's truth: the
/// magnitudes of the errors, with their median and 95th percentile, over the rounds after the
/// filters settled; and how many rounds failed.
struct TruthErrors {
    /// |reported − true distance| of each successful round, metres.
    let distances: [Double]
    /// |reported − true horizontal angle| of each round that reported one, degrees (wrapped to ±180°).
    let azimuths: [Double]
    /// Rounds that reported a failure instead of a measurement.
    let failures: Int
    /// Of those, the ones the initiators reported (the rest, the responders').
    let initiatorFailures: Int

    /// The errors of the measurements `uwb uci serve` sent in `run`, from `settle` virtual seconds
    /// after every session had started.
    init(_ run: UCIRun, settle: Double) {
        let settled = run.notifications.filter { $0.virtualSeconds >= run.startVirtualSeconds + settle }
        let good = settled.filter { $0.measurement.status == .ok }
        distances = good.map { abs(Double($0.measurement.distanceCentimetres) / 100 - $0.truth.distance.metres) }
        azimuths = good.compactMap { notification in
            let measurement = notification.measurement
            guard measurement.azimuthFOM > 0 else { return nil }
            return AngleAccuracy.horizontalError(.degrees(measurement.azimuth.degrees), notification.truth).map(abs)
        }
        failures = settled.count - good.count
        initiatorFailures = settled.filter { $0.isInitiator && $0.measurement.status != .ok }.count
    }

    /// The errors of the engine run as `uwb range` runs it (``ScenarioRanging``), both sides of
    /// every pair, from `settle` virtual seconds on; failures of the whole run (they carry no time).
    init(_ ranging: ScenarioRanging, settle: Double) {
        let records = ranging.records.filter { $0.time.seconds >= settle }
        distances = records.compactMap { record in
            guard let truth = record.truth, let distance = record.measurement.distance else { return nil }
            return abs(distance.metres - truth.distance.metres)
        }
        azimuths = records.compactMap { record in
            record.truth.flatMap { AngleAccuracy.horizontalError(record.measurement.horizontalAngle, $0) }.map(abs)
        }
        failures = ranging.failures.count
        // Device 2k initiates with device 2k + 1.
        let initiators = Set(ranging.emulation.devices.enumerated().filter { $0.offset % 2 == 0 }.map(\.element.name))
        initiatorFailures = ranging.failures.filter { initiators.contains($0.device) }.count
    }

    /// The median and 95th percentile of `values` as "median / p95" with `digits` decimals after
    /// scaling by `scale`; "–" for none.
    static func summary(_ values: [Double], scale: Double = 1, digits: Int) -> String {
        guard !values.isEmpty else { return "–" }
        let sorted = values.sorted()
        let median = SampleStatistics.quantile(0.5, ofSorted: sorted) * scale
        let p95 = SampleStatistics.quantile(0.95, ofSorted: sorted) * scale
        return "\(Formatting.fixed(median, digits)) / \(Formatting.fixed(p95, digits))"
    }
}
