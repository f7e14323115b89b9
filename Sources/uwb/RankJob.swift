import ArgumentParser
import Foundation
import UWBCore
import UWBEmulator
import UWBMPI

/// A command run as one rank of an MPI job of several (`mpirun -np N uwb emulate …`, Docs/mpi.md):
/// every rank sets up the same world and runs its own part of it; the first rank prints the output.
///
/// Failures every rank meets alike (a bad scenario, an option MPI runs do not take) are agreed on
/// before the run, so that the first rank says each once and every rank ends cleanly. A failure one
/// rank meets alone while the others wait for it ends the whole job (``abort(_:)``).
final class RankJob {
    /// The job.
    let job: MPIJob

    /// Whether this rank prints the output: the first.
    var leads: Bool { job.rank == 0 }

    private init(job: MPIJob) {
        self.job = job
    }

    /// Joins the job this process was started in, if it was started as a rank of one with more than one
    /// rank, its waits for the others limited as `silence` says; `nil` for a process started on its own
    /// or as the only rank of its job (which then runs as one process would).
    static func joinIfLaunched(silence: RankSilenceOption) -> RankJob? {
        guard MPIJob.launched else { return nil }
        let job = MPIJob(silence: silence.silence)
        guard job.size > 1 else {
            job.leave()
            return nil
        }
        return RankJob(job: job)
    }

    /// Checks that every rank set up the same world: `setup` is this rank's, either what identifies it
    /// (the command, the scenario file's contents and every option that changes the run) or why it
    /// failed, after `building` on the wall clock. Every rank must call it at the same point. The others
    /// build the same world without a word (no heartbeats), so a rank waits for them as long again as it
    /// took itself, beyond the silence limit.
    ///
    /// - Throws: on every rank, if any rank failed or set up a different world, a failure with exit status 1
    ///   once the first rank has said on standard error what went wrong and every rank has left the job.
    func agree(_ setup: Result<String, CommandFailure>, building: Duration) throws {
        let mine: [UInt8]
        switch setup {
        case .success(let identity):
            mine = [0] + Array(String(FNV1a.Hash64(identity).value, radix: 16).utf8)
        case .failure(let failure):
            mine = [1] + Array(failure.description.utf8)
        }
        let all = job.gather(mine, allowing: building)
        let problem = Self.problem(all)
        guard let problem else { return }
        if leads {
            StandardError.line("Error: \(problem)")
        }
        // The others wait until the first has said it: mpirun ends the job as soon as a rank fails.
        _ = job.gather([])
        job.leave()
        throw ExitCode.failure
    }

    /// What is wrong with the ranks' setups, `all` of them in rank order; `nil` if nothing.
    private static func problem(_ all: [[UInt8]]) -> String? {
        for (rank, setup) in all.enumerated() where setup.first != 0 {
            let failure = String(decoding: setup.dropFirst(), as: UTF8.self)
            return all.count > 1 && all.allSatisfy({ $0 == setup }) ? failure : "rank \(rank): \(failure)"
        }
        guard let first = all.first, let other = all.firstIndex(where: { $0 != first }) else { return nil }
        return "rank \(other) was started with a different scenario or options than rank 0: start every rank with the "
            + "same command line and the same scenario file (Docs/mpi.md)"
    }

    /// Why a run with these options cannot run under mpirun, if it cannot: a trace (`trace`), threads
    /// (`threads`) and pacing (`paced`) are for one process.
    static func refusal(trace: String?, threads: Int?, paced: Bool = false) -> String? {
        if trace != nil {
            return "--trace is not written by a run under mpirun yet: run in one process (--threads N) to write a trace"
        }
        if threads != nil {
            return "--threads splits a world in one process; under mpirun each rank runs one part: leave --threads out"
        }
        if paced {
            return "--paced runs in one process against the wall clock: run it without mpirun"
        }
        return nil
    }

    /// Sets up this rank's world with `make` once every rank has: fails with `refusal` if given (see
    /// ``refusal(trace:threads:paced:)``), and checks that every rank was given the same scenario file's
    /// contents and `options` (every option that changes the run) for `command`.
    ///
    /// - Throws: as ``agree(_:building:)``, on every rank, if any rank failed or was given something else.
    func setUp<World>(
        command: String, scenario path: String, options: [String], refusal: String?,
        _ make: () throws(CommandFailure) -> World
    ) throws -> World {
        var world: World?
        let started = ContinuousClock.now
        try agree(Result { () throws(CommandFailure) -> String in
            if let refusal {
                throw CommandFailure(refusal)
            }
            world = try make()
            let contents: String
            do {
                contents = try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                throw CommandFailure("\(path): the scenario file cannot be read again: \(error.localizedDescription)")
            }
            return ([command, contents] + options).joined(separator: "\u{1}")
        }, building: ContinuousClock.now - started)
        guard let world else { throw CommandFailure("the ranks agreed on a world this rank did not set up") }
        return world
    }

    /// Runs `body`, which runs this rank's part of the world; a failure there, which this rank meets
    /// alone while the others wait, ends the whole job (``abort(_:)``).
    func running(_ body: () throws(EmulationError) -> Void) {
        do {
            try body()
        } catch {
            abort(error.description)
        }
    }

    /// The figures of every rank's part of `emulation`, in rank order. Every rank must call it at the same
    /// point of the run.
    func figures(_ emulation: Emulation) throws -> [RankFigures] {
        try gather(RankFigures(emulation, part: job.rank))
    }

    /// Every rank's `report`, in rank order, on every rank.
    func gather<Report: Codable>(_ report: Report) throws -> [Report] {
        let octets = [UInt8](try JSONEncoder().encode(report))
        return try job.gather(octets).enumerated().map { rank, octets in
            do {
                return try JSONDecoder().decode(Report.self, from: Data(octets))
            } catch {
                throw CommandFailure("rank \(rank) sent a report this rank cannot read: every rank of the job must run the same build of uwb")
            }
        }
    }

    /// Ends the whole job because of `failure`, which this rank met alone while the others may be waiting for it.
    func abort(_ failure: String) -> Never {
        StandardError.line("Error: rank \(job.rank): \(failure)")
        job.abort(status: 1)
    }

    /// Leaves the job, once this rank's part is done.
    func leave() {
        job.leave()
    }
}
