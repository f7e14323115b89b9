import Foundation
import UWBCore
import UWBEmulator

extension EmulateCommand {
    /// What each rank of an MPI job sends the first after its part of an `uwb emulate` run.
    struct RankReport: Codable {
        /// The rows of the rank's devices.
        let devices: [DeviceSummary]
        /// How many events the rank ran.
        let events: Int
        /// How many frames it sent to other ranks.
        let crossings: Int
        /// How long it waited for the others' promises, in seconds of wall time.
        let blockedSeconds: Double
    }

    /// `uwb emulate` as one rank of an MPI job of several (Docs/mpi.md): the world split into one part per
    /// rank, this rank running its own; the first rank prints the summary one process would, and a line
    /// per rank on standard error.
    func run(as ranks: RankJob) throws {
        var setup: (scenario: Scenario, emulation: Emulation)?
        try ranks.agree(Result { () throws(CommandFailure) -> String in
            if trace != nil {
                throw CommandFailure("--trace is not written by a run under mpirun yet: run in one process (--threads N) to write a trace")
            }
            if paced {
                throw CommandFailure("--paced runs in one process: run it without mpirun")
            }
            if threading.threads != nil {
                throw CommandFailure("--threads splits a world in one process; under mpirun each rank runs one part: leave --threads out")
            }
            let contents: String
            let loaded: Scenario
            do {
                contents = try String(contentsOfFile: scenario, encoding: .utf8)
                loaded = try Scenario.load(from: scenario)
            } catch {
                throw CommandFailure("\(error)")
            }
            do {
                setup = (loaded, try Emulation.withAttackers(scenario: loaded, seed: seed, parts: ranks.job.size))
            } catch {
                throw CommandFailure("\(error)")
            }
            return ["emulate", contents, "\(seed.map(String.init) ?? "-")", "\(duration.map { "\($0)" } ?? "-")"].joined(separator: "\u{1}")
        })
        guard let (loaded, emulation) = setup else { return }
        if ranks.leads {
            for note in EmulateNotes.notes(for: loaded, path: scenario) {
                StandardError.line(note)
            }
        }
        let seconds = duration ?? loaded.duration.secondsValue
        let started = ContinuousClock.now
        do {
            try emulation.run(until: SimulationTime(seconds: seconds), rankOf: ranks.job)
        } catch {
            ranks.abort(error.description)
        }
        let wall = ContinuousClock.now - started
        let mine = emulation.partFigures[ranks.job.rank]
        let reports = try ranks.gather(RankReport(
            devices: DeviceSummary.rows(of: emulation, part: ranks.job.rank), events: mine.events, crossings: mine.crossings,
            blockedSeconds: mine.blockedSeconds))
        ranks.leave()
        guard ranks.leads else { return }
        let summary = SummaryTable(
            rows: reports.flatMap(\.devices), events: reports.map(\.events).reduce(0, +), scenario: loaded, seconds: seconds)
        print(summary.text)
        StandardError.line(summary.speed(wall: wall))
        for (rank, report) in reports.enumerated() {
            StandardError.line(RankReportLine.text(
                rank: rank, devices: report.devices.count, events: report.events, crossings: report.crossings,
                blockedSeconds: report.blockedSeconds))
        }
    }
}
