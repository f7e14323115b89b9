import EmulatorHarness
import Foundation
import UWBCore
import UWBEmulator
import UWBRanging

extension RangeCommand {
    /// `uwb range` as one rank of an MPI job of several (Docs/mpi.md): the world split into one part per
    /// rank, clusters kept together, this rank running its own initiators' rounds; each simulated second
    /// the first rank prints every rank's measurements in the order one process would.
    func run(as ranks: RankJob) throws {
        let options = [
            "\(rate.map { "\($0)" } ?? "-")", "\(duration.map { "\($0)" } ?? "-")", "\(seed.map(String.init) ?? "-")",
            format.rawValue, "\(fieldOfView)", "\(clusterSize.map(String.init) ?? "-")",
        ]
        let (loaded, ranging) = try ranks.setUp(
            command: "range", scenario: scenario, options: options, refusal: RankJob.refusal(trace: trace, threads: threading.threads)
        ) { () throws(CommandFailure) in
            do {
                let loaded = try Scenario.load(from: scenario)
                return (loaded, try ScenarioRanging(
                    scenario: loaded, seed: seed, rate: rate, clusterSize: clusterSize,
                    fieldOfView: FieldOfView(halfAngle: .degrees(fieldOfView)), parts: ranks.job.size))
            } catch let error as ScenarioRangingError {
                throw RankCountFailure.failure(error, scenario: scenario) ?? CommandFailure("\(scenario): \(error.description)")
            } catch {
                throw CommandFailure("\(error)")
            }
        }
        if ranks.leads {
            noteRate(of: ranging)
            if format == .table {
                print(MeasurementOutput.tableHeader)
            }
        }
        let output = MeasurementOutput(format: format)
        let end = SimulationTime(seconds: duration ?? loaded.duration.secondsValue)
        let tallies = ranks.runSlices(until: end, slice: Self.slice) { time throws(EmulationError) in
            try ranging.run(until: time, rankOf: ranks.job)
        } take: {
            var slice = RankLines()
            for record in ranging.takeRecords() {
                slice.add(output.line(for: record), at: record.time, by: record.observer)
            }
            slice.tallies[Self.measurementsTally] = slice.lines.count
            slice.tallies[Self.failuresTally] = ranging.takeFailures().count
            return slice
        }
        var skipped = RankLines()
        skipped.tallies[Self.skippedTally] = ranging.skippedRounds
        let figures = try ranks.figures(ranging.emulation)
        let totals = ranks.merged(skipped)
        ranks.leave()
        guard ranks.leads else { return }
        StandardError.line(Self.summary(
            measurements: tallies[Self.measurementsTally] ?? 0, failures: tallies[Self.failuresTally] ?? 0,
            skipped: totals?.tallies[Self.skippedTally] ?? 0))
        for (rank, figures) in figures.enumerated() {
            StandardError.line(figures.line(rank: rank))
        }
    }

    private static let measurementsTally = "measurements"
    private static let failuresTally = "failures"
    private static let skippedTally = "skipped"
}
