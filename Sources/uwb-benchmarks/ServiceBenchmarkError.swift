/// Why `uwb-benchmarks service` could not measure: each case says what to do about it.
enum ServiceBenchmarkError: Error, CustomStringConvertible {
    /// No `uwb` executable where the benchmark looked.
    case missingExecutable(path: String)
    /// A child process could not be started.
    case launchFailed(command: String, reason: String)
    /// The emulator service did not say it was serving in time, or exited first.
    case serviceDidNotStart(detail: String)
    /// A scratch directory or file could not be created, read or removed.
    case scratch(path: String, reason: String)
    /// `/proc/PID/stat` could not be read or parsed.
    case processStatistics(pid: Int32, reason: String)
    /// An app did not get as far as the measurement needs, or ended before it was done.
    case appFailed(device: String, detail: String)
    /// The scenarios directory has no scenario files.
    case noScenarios(directory: String)

    /// What went wrong and what to do.
    var description: String {
        switch self {
        case .missingExecutable(let path):
            "benchmark: no uwb executable at \(path); build it beside uwb-benchmarks with "
                + "`swift build -c release --product uwb` (with the same --scratch-path as uwb-benchmarks), or pass --uwb PATH"
        case .launchFailed(let command, let reason):
            "benchmark: cannot start \(command): \(reason); check that the file exists and is executable"
        case .serviceDidNotStart(let detail):
            "benchmark: the emulator service did not start: \(detail); run the same `uwb emulator serve` command by hand to see why"
        case .scratch(let path, let reason):
            "benchmark: cannot use the scratch path \(path): \(reason); check that the temporary directory is writable "
                + "(TMPDIR) and that Unix socket paths under it stay below 108 characters"
        case .processStatistics(let pid, let reason):
            "benchmark: cannot read the CPU time of process \(pid) from /proc/\(pid)/stat: \(reason); "
                + "the CPU measurement needs Linux with /proc mounted"
        case .appFailed(let device, let detail):
            "benchmark: the app on \(device) \(detail); run the same `uwb session` command by hand "
                + "with UWB_DEVICE=emulator:\(device) to see why"
        case .noScenarios(let directory):
            "benchmark: no scenario files (*.json) in \(directory); pass --repository with the repository root"
        }
    }
}
