import UWBCore
import UWBEmulator

/// One timed run of a ``HallWorld``: the world is built untimed, then `run(until:)` is timed
/// with `ContinuousClock`.
struct WorldRun {
    /// Simulated seconds.
    let simulated: Double
    /// Wall-clock seconds spent in `run(until:)`.
    let wall: Double
    /// Simulator events run.
    let events: Int
    /// Frames sent.
    let frames: Int
    /// Frames received intact, counted at every receiver.
    let receptions: Int
    /// SPI transactions the virtual chips answered during the run (bring-up excluded).
    let transactions: Int
    /// Driver errors the applications reported.
    let errors: Int
    /// The digest of every application event.
    let digest: UInt64

    /// Builds `world` and runs it for `seconds` of simulated time.
    init(_ world: HallWorld, seconds: Double) throws {
        let digest = RunDigest()
        let emulation = try world.build(digest: digest)
        let transactionsBefore = Self.transactions(in: emulation)
        let clock = ContinuousClock()
        let start = clock.now
        emulation.run(until: SimulationTime(seconds: seconds))
        let elapsed = clock.now - start
        let statistics = emulation.statistics
        simulated = seconds
        wall = elapsed.secondsValue
        events = emulation.eventsRun
        frames = statistics.reduce(0) { $0 + $1.sent }
        receptions = statistics.reduce(0) { $0 + $1.received }
        transactions = Self.transactions(in: emulation) - transactionsBefore
        errors = emulation.devices.reduce(0) { $0 + $1.radio.errors.count }
        self.digest = digest.value
    }

    /// Simulated seconds per wall second.
    var realTimeFactor: Double { simulated / wall }

    private static func transactions(in emulation: Emulation) -> Int {
        emulation.devices.reduce(0) { total, device in
            device.chips.reduce(total) { $0 + $1.transactionCount }
        }
    }
}
