import EmulatorHarness
import Foundation
import UWBCore
import UWBEmulator

/// One timed run of a world split into parts (`uwb-benchmarks parts`): built, then run for the
/// simulated seconds asked for, a second at a time, every record taken into a digest; the wall and CPU
/// time of the run (building apart), what each part did, and the resident memory the world took.
struct PartsRun {
    /// What runs: the world's emulation, how to run it to an instant, and how to fold its new records
    /// into a digest.
    struct World {
        /// The world's emulation.
        let emulation: Emulation
        /// Runs the world to an instant.
        let run: (SimulationTime) -> Void
        /// Takes the records made since the last call and folds them into the digest, returning how many.
        let take: (RunDigest) -> Int
    }

    /// How many threads (parts) the world ran on.
    let threads: Int
    /// Simulated seconds run.
    let simulated: Double
    /// Wall-clock seconds to build the world.
    let buildWall: Double
    /// Resident bytes the process grew by while building the world, and by the end of the run.
    let builtBytes: Int
    let ranBytes: Int
    /// Wall-clock and CPU seconds of the run.
    let wall: Double
    let cpu: Double
    /// Records taken (fixes or measurements).
    let records: Int
    /// A digest of every record, the same for any number of threads.
    let digest: UInt64
    /// What each part did.
    let parts: [PartFigures]
    /// Devices in the world.
    let devices: Int

    /// Builds a world with `make` on `threads` threads and runs it for `seconds`.
    init(threads: Int, seconds: Double, make: (Int) throws -> World) throws {
        let clock = ContinuousClock()
        let memoryBefore = try ResidentMemory()
        let buildStart = clock.now
        let world = try make(threads)
        buildWall = (clock.now - buildStart).secondsValue
        builtBytes = try ResidentMemory().current - memoryBefore.current
        let digest = RunDigest()
        var records = 0
        let cpuStart = try CPUTime(pid: getpid())
        let start = clock.now
        var reached = 0.0
        while reached < seconds {
            reached = min(seconds, reached + 1)
            world.run(SimulationTime(seconds: reached))
            records += world.take(digest)
        }
        wall = (clock.now - start).secondsValue
        cpu = try CPUTime(pid: getpid()).seconds - cpuStart.seconds
        ranBytes = try ResidentMemory().current - memoryBefore.current
        self.threads = threads
        simulated = seconds
        self.records = records
        self.digest = digest.value
        parts = world.emulation.partFigures
        devices = world.emulation.devices.count
    }

    /// Simulated seconds per wall second.
    var realTimeFactor: Double { simulated / wall }
}

extension PartsRun.World {
    /// A scenario's tags positioned (``ScenarioPositioning``) on `parts` parts; the digest takes each
    /// fix's time, tag and position.
    static func positioning(_ scenario: Scenario, parts: Int) throws -> Self {
        let positioning = try ScenarioPositioning(scenario: scenario, parts: parts)
        return Self(emulation: positioning.emulation, run: { positioning.run(until: $0) }) { digest in
            let records = positioning.takeRecords()
            for record in records {
                digest.combine(UInt64(bitPattern: record.time.picoseconds))
                for octet in record.device.utf8 {
                    digest.combine(UInt64(octet))
                }
                if case .success(let fix) = record.result {
                    let metres = fix.position.metres
                    for value in [metres.x, metres.y, metres.z] {
                        digest.combine(value.bitPattern)
                    }
                }
            }
            return records.count
        }
    }

    /// The scaling benchmark's ranging pairs (``WarehouseWorld``) on `parts` parts; the digest as
    /// ``WarehouseRun``'s.
    static func ranging(_ world: WarehouseWorld, parts: Int) throws -> Self {
        var world = world
        world.parts = parts
        let ranging = try world.ranging()
        return Self(emulation: ranging.emulation, run: { ranging.run(until: $0) }) { digest in
            var measurements = 0
            var failures = 0
            WarehouseRun.take(from: ranging, into: digest, measurements: &measurements, failures: &failures)
            return measurements
        }
    }
}
