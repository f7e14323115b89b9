import Foundation
import UWBCore
import UWBEmulator

extension EmulateCommand {
    /// `uwb emulate` as one rank of an MPI job of several (Docs/mpi.md): the world split into one part per
    /// rank, this rank running its own; the first rank prints the summary one process would, and a line
    /// per rank on standard error.
    func run(as ranks: RankJob) throws {
        let (loaded, emulation) = try ranks.setUp(
            command: "emulate", scenario: scenario, options: ["\(seed.map(String.init) ?? "-")", "\(duration.map { "\($0)" } ?? "-")"],
            refusal: RankJob.refusal(trace: trace, threads: threading.threads, paced: paced)
        ) { () throws(CommandFailure) in
            do {
                let loaded = try Scenario.load(from: scenario)
                return (loaded, try Emulation.withAttackers(scenario: loaded, seed: seed, parts: ranks.job.size))
            } catch {
                throw RankCountFailure.failure(error, scenario: scenario) ?? CommandFailure("\(error)")
            }
        }
        if ranks.leads {
            for note in EmulateNotes.notes(for: loaded, path: scenario) {
                StandardError.line(note)
            }
        }
        let seconds = duration ?? loaded.duration.secondsValue
        let started = ContinuousClock.now
        ranks.running { () throws(EmulationError) in
            try emulation.run(until: SimulationTime(seconds: seconds), rankOf: ranks.job)
        }
        let wall = ContinuousClock.now - started
        let rows = try ranks.gather(DeviceSummary.rows(of: emulation, part: ranks.job.rank))
        let figures = try ranks.figures(emulation)
        ranks.leave()
        guard ranks.leads else { return }
        let summary = SummaryTable(rows: rows.flatMap { $0 }, events: figures.map(\.events).reduce(0, +), scenario: loaded, seconds: seconds)
        print(summary.text)
        StandardError.line(summary.speed(wall: wall))
        for (rank, figures) in figures.enumerated() {
            StandardError.line(figures.line(rank: rank))
        }
    }
}
