import ArgumentParser
import UWBCore
import UWBMPI

/// `--rank-silence-limit SECONDS`: under mpirun, how long a rank waits for the others before it takes
/// one for hung and ends the job (Docs/mpi.md). A rank that dies ends the job through mpirun; one that
/// hangs would otherwise hold every other rank for ever.
struct RankSilenceOption: ParsableArguments {
    /// The default limit: 600 s [D: a deadline for a hung rank, not a slow one: ranks exchange messages
    /// every few microseconds of simulated time, and set up the same world in about the same time].
    static let defaultSeconds = 600.0

    @Option(parsing: .unconditional, help: """
        Under mpirun: how many wall-clock seconds a rank waits for the others before it takes one for hung \
        (stopped, in a debugger, on a stalled file system) and ends the job (Docs/mpi.md).
        """)
    var rankSilenceLimit: Double = Self.defaultSeconds

    func validate() throws {
        guard rankSilenceLimit.isFinite, rankSilenceLimit > 0 else {
            throw ValidationError("--rank-silence-limit \(rankSilenceLimit): give a positive number of seconds")
        }
    }

    /// The limit, and how the rank that waited says why the job ends.
    var silence: MPIJob.Silence {
        MPIJob.Silence(limit: .seconds(rankSilenceLimit)) { rank, limit in
            StandardError.line(
                "Error: rank \(rank) waited \(String(format: "%g", limit.secondsValue)) s for the other ranks and heard nothing: one of them hangs "
                    + "(stopped, in a debugger, on a stalled file system); the job ends. --rank-silence-limit sets how long a rank waits.")
        }
    }
}
