import EmulatorHarness
import UWBCore
import UWBEmulator

/// This process's resident memory while one ``WarehouseWorld`` runs for a long simulated time:
/// read once the world is built, after the first simulated minute, then every `every` simulated
/// seconds to the end. The measurements are taken (and dropped) every simulated second, as a
/// consumer that streams them would. Run it before building any other world in the process:
/// the peak (VmHWM) is the process's.
struct WarehouseMemory {
    /// One reading.
    struct Checkpoint {
        /// Simulated seconds run.
        let simulated: Double
        /// Wall seconds since the run started (the world built).
        let wall: Double
        /// The memory then.
        let memory: ResidentMemory
        /// Measurements made so far.
        let measurements: Int
    }

    /// The first checkpoint after the world is built: one simulated minute.
    static let firstMinute = 60.0

    /// The memory before the world was built.
    let before: ResidentMemory
    /// The memory once it was built, before it ran.
    let built: ResidentMemory
    /// The readings, in time order.
    let checkpoints: [Checkpoint]

    /// Builds `world`, runs it for `seconds` and reads the memory as it goes.
    init(_ world: WarehouseWorld, seconds: Double, every: Double) throws {
        before = try ResidentMemory()
        let ranging = try world.ranging()
        built = try ResidentMemory()
        let digest = RunDigest()
        var measurements = 0
        var failures = 0
        var checkpoints: [Checkpoint] = []
        var marks = [min(Self.firstMinute, seconds)]
        while let last = marks.last, last < seconds {
            marks.append(min(seconds, last + every))
        }
        let clock = ContinuousClock()
        let start = clock.now
        var reached = 0.0
        for mark in marks {
            while reached < mark {
                reached = min(mark, reached + 1)
                ranging.run(until: SimulationTime(seconds: reached))
                WarehouseRun.take(from: ranging, into: digest, measurements: &measurements, failures: &failures)
            }
            let checkpoint = Checkpoint(
                simulated: reached, wall: (clock.now - start).secondsValue, memory: try ResidentMemory(),
                measurements: measurements)
            progress("memory: \(Formatting.fixed(reached, 0)) s simulated in \(Formatting.fixed(checkpoint.wall, 0)) s, "
                + "\(ResidentMemory.megabytes(checkpoint.memory.current)) MB resident")
            checkpoints.append(checkpoint)
        }
        self.checkpoints = checkpoints
    }

    /// The table: one row per checkpoint.
    var markdown: String {
        var table = MarkdownTable(["simulated s", "wall s", "real-time factor so far", "resident MB", "peak MB", "measurements so far"])
        table.append(["0 (built)", "–", "–", ResidentMemory.megabytes(built.current), ResidentMemory.megabytes(built.peak), "0"])
        for checkpoint in checkpoints {
            table.append([
                Formatting.fixed(checkpoint.simulated, 0), Formatting.fixed(checkpoint.wall, 0),
                Formatting.factor(checkpoint.simulated / checkpoint.wall), ResidentMemory.megabytes(checkpoint.memory.current),
                ResidentMemory.megabytes(checkpoint.memory.peak), "\(checkpoint.measurements)",
            ])
        }
        return table.markdown
    }
}
