import EmulatorHarness
import Foundation
import UWBCore
import UWBEmulator
import UWBPositioning

extension LocateCommand {
    /// `uwb locate --scenario` as one rank of an MPI job of several (Docs/mpi.md): the world split into one
    /// part per rank, this rank running its own tags; each simulated second the first rank prints every
    /// rank's fixes in the order one process would.
    func runScenario(_ path: String, output: PositionOutput, as ranks: RankJob) throws {
        let options = [
            method?.rawValue ?? "-", "\(duration.map { "\($0)" } ?? "-")", "\(seed.map(String.init) ?? "-")",
            "\(timestampDeviation.map { "\($0)" } ?? "-")", "\(tagAcceleration.map { "\($0)" } ?? "-")", format.rawValue,
        ]
        let (loaded, positioning) = try ranks.setUp(
            command: "locate", scenario: path, options: options, refusal: RankJob.refusal(trace: trace, threads: threading.threads)
        ) { () throws(CommandFailure) in
            do {
                var site = try Scenario.load(from: path)
                if let method {
                    site.positioning.method = method
                }
                return (site, try ScenarioPositioning(
                    scenario: site, seed: seed,
                    timestampDeviation: timestampDeviation.map(Distance.init(metres:)),
                    tagAcceleration: tagAcceleration.map(Acceleration.init(metresPerSecondSquared:)) ?? ScenarioPositioning.defaultTagAcceleration,
                    parts: ranks.job.size))
            } catch let error as ScenarioPositioningError {
                throw RankCountFailure.failure(error, scenario: path) ?? CommandFailure("\(path): \(error.description)")
            } catch {
                throw CommandFailure("\(error)")
            }
        }
        if ranks.leads, format == .table {
            print(PositionOutput.tableHeader)
        }
        let end = SimulationTime(seconds: duration ?? loaded.duration.secondsValue)
        var tallies = ranks.runSlices(until: end, slice: Self.slice) { time throws(EmulationError) in
            try positioning.run(until: time, rankOf: ranks.job)
        } take: {
            var slice = RankLines()
            for record in positioning.takeRecords() {
                slice.add(output.line(for: record), at: record.time, by: record.device)
                switch record.result {
                case .success: slice.tallies[Self.fixesTally, default: 0] += 1
                case .failure(let error): slice.tallies[PositionOutput.reason(error), default: 0] += 1
                }
            }
            return slice
        }
        let figures = try ranks.figures(positioning.emulation)
        ranks.leave()
        guard ranks.leads else { return }
        let fixes = tallies.removeValue(forKey: Self.fixesTally) ?? 0
        StandardError.line(Self.summary(fixes: fixes, failures: tallies))
        for (rank, figures) in figures.enumerated() {
            StandardError.line(figures.line(rank: rank))
        }
    }

    /// The tally of fixes among the tallies of reasons for no fix, which are words.
    private static let fixesTally = "#fixes"
}
