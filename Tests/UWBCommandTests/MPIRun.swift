import Foundation

/// How the tests start MPI jobs (Open MPI's `mpirun`, Docs/mpi.md).
enum MPIRun {
    /// `mpirun` on the PATH, if it is installed.
    static var path: String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        return directories.map { "\($0)/mpirun" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `mpirun`'s options: up to three ranks on however many cores the machine has.
    static let options = ["--oversubscribe"]

    /// Open MPI's settings for a test machine: CI runs as root, which `mpirun` refuses unless told
    /// twice; shared-memory messages are copied through the shared segment, since containers often
    /// forbid one process to read another's memory (cross-memory attach).
    static let environment = [
        "OMPI_ALLOW_RUN_AS_ROOT": "1",
        "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
        "OMPI_MCA_btl_vader_single_copy_mechanism": "none",
    ]
}
