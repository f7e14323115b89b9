import Foundation
import Testing
import UWBTestSupport

/// One run of the built `uwb` executable to its end: its exit status and what it printed on
/// standard output and standard error (each to a file, so neither pipe can fill and stall it).
struct CommandRun {
    /// The exit status.
    let status: Int32
    /// Standard output.
    let output: String
    /// Standard output as octets (for binary output such as `uwb capture --output -`).
    let outputOctets: [UInt8]
    /// Standard error.
    let error: String

    /// Runs `uwb` with `arguments`, in which paths starting with `Docs/` are made absolute, with
    /// the repository's board descriptions and `environment` added to this process's.
    init(_ arguments: [String], environment added: [String: String] = [:]) throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        try self.init(executable: uwb, arguments, environment: added)
    }

    /// Runs `mpirun` (Open MPI) with `arguments`, in which `uwb` is the built `uwb` and paths starting with
    /// `Docs/` are made absolute, with the environment ``MPIRun/environment`` sets.
    init(mpirun arguments: [String]) throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let mpirun = try #require(MPIRun.path, "no mpirun on the PATH: apt-get install openmpi-bin (README)")
        try self.init(executable: mpirun, MPIRun.options + arguments.map { $0 == "uwb" ? uwb : $0 }, environment: MPIRun.environment)
    }

    private init(executable: String, _ arguments: [String], environment added: [String: String]) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uwb-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputFile = directory.appendingPathComponent("stdout")
        let errorFile = directory.appendingPathComponent("stderr")
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments.map { $0.hasPrefix("Docs/") ? Repository.path($0) : $0 }
        var environment = ProcessInfo.processInfo.environment
        environment["UWB_BOARDS_DIR"] = Repository.boardsDirectory
        environment.merge(added) { _, new in new }
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        process.waitUntilExit()
        status = process.terminationStatus
        outputOctets = [UInt8](try Data(contentsOf: outputFile))
        output = String(decoding: outputOctets, as: UTF8.self)
        error = String(decoding: try Data(contentsOf: errorFile), as: UTF8.self)
    }
}
