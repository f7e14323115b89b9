import EmulatorHarness
import UWBCore
import UWBEmulator

/// One timed run of a ``WarehouseWorld``: built and run for ``warmUp`` untimed (every device's
/// first frames, which set up its links), then `run(until:)` timed with `ContinuousClock` over
/// the simulated seconds asked for, the measurements taken (and dropped) every simulated second.
struct WarehouseRun {
    /// Simulated time run before the timing starts: 1 s.
    static let warmUp = 1.0

    /// Simulated seconds timed.
    let simulated: Double
    /// Wall-clock seconds of the timed part.
    let wall: Double
    /// Simulator events run in the timed part.
    let events: Int
    /// Frames sent in the timed part.
    let frames: Int
    /// Frames received intact in the timed part, counted at every receiver.
    let receptions: Int
    /// Measurements made in the timed part (each side of a round makes one).
    let measurements: Int
    /// Rounds that failed in the timed part.
    let failures: Int
    /// Driver errors the devices reported.
    let errors: Int
    /// A digest of every measurement of the run: time, observer, peer and distance.
    let digest: UInt64

    /// Builds `world` and runs it for ``warmUp`` plus `seconds` of simulated time.
    init(_ world: WarehouseWorld, seconds: Double) throws {
        let ranging = try world.ranging()
        let emulation = ranging.emulation
        let digest = RunDigest()
        var measurements = 0
        var failures = 0
        let warmUpEnd = SimulationTime(seconds: Self.warmUp)
        ranging.run(until: warmUpEnd)
        Self.take(from: ranging, into: digest, measurements: &measurements, failures: &failures)
        measurements = 0
        failures = 0
        let before = (events: emulation.eventsRun, statistics: emulation.statistics)
        let clock = ContinuousClock()
        let start = clock.now
        var reached = 0.0
        while reached < seconds {
            reached = min(seconds, reached + 1)
            ranging.run(until: SimulationTime(seconds: Self.warmUp + reached))
            Self.take(from: ranging, into: digest, measurements: &measurements, failures: &failures)
        }
        wall = (clock.now - start).secondsValue
        let statistics = emulation.statistics
        simulated = seconds
        events = emulation.eventsRun - before.events
        frames = statistics.reduce(0) { $0 + $1.sent } - before.statistics.reduce(0) { $0 + $1.sent }
        receptions = statistics.reduce(0) { $0 + $1.received } - before.statistics.reduce(0) { $0 + $1.received }
        self.measurements = measurements
        self.failures = failures
        errors = emulation.devices.reduce(0) { $0 + $1.radio.errors.count }
        self.digest = digest.value
    }

    /// Simulated seconds per wall second.
    var realTimeFactor: Double { simulated / wall }

    /// Takes the measurements and failures so far out of `ranging` (so that nothing piles up),
    /// folds the measurements into `digest` and counts both.
    static func take(from ranging: ScenarioRanging, into digest: RunDigest, measurements: inout Int, failures: inout Int) {
        for record in ranging.takeRecords() {
            digest.combine(UInt64(bitPattern: record.time.picoseconds))
            for octet in (record.observer + ">" + record.peer).utf8 {
                digest.combine(UInt64(octet))
            }
            digest.combine(record.measurement.rawDistance?.metres.bitPattern ?? 0)
            measurements += 1
        }
        failures += ranging.takeFailures().count
    }
}
