import EmulatorHarness
import UWBEmulator

/// Why a rank could not set up its part of the world, said in the job's terms: a world split into
/// more parts than it has devices (counting those that must share a part as one) is a job with too
/// many ranks, and the user fixes it with `mpirun -np`, not with `--threads`.
enum RankCountFailure {
    /// The failure to report for `error`, met while building a world of one part per rank from the
    /// scenario at `path`: the most ranks the world can run on if it has fewer parts than the job has
    /// ranks, `nil` for any other error.
    static func failure(_ error: any Error, scenario path: String) -> CommandFailure? {
        let emulation: EmulationError? = switch error {
        case let error as EmulationError: error
        case ScenarioRangingError.emulation(let error): error
        case ScenarioPositioningError.emulation(let error): error
        default: nil
        }
        guard case .partsBeyondDevices(let ranks, let most) = emulation else { return nil }
        let why = "each rank runs a part of it holding at least one device, or one group of devices that must share a part"
        guard most > 1 else {
            return CommandFailure("\(path): this world runs in one process only, not on \(ranks) ranks (\(why)): run it without mpirun")
        }
        return CommandFailure("\(path): this world runs on at most \(most) ranks, not \(ranks) (\(why)): give mpirun -np \(most) or fewer")
    }
}
