import Synchronization
import UWBEmulator

/// A log of named moments of a simulation, which work posted from other threads can write to.
///
/// `@unchecked Sendable`: ``record(_:)`` reads the simulator's clock, so it must be called on the
/// simulator's thread, which is where scheduled and posted work runs; the entries themselves are
/// behind a mutex and may be read anywhere.
final class SimulationLog: @unchecked Sendable {
    private let simulator: Simulator
    private let storage = Mutex<[(name: String, time: SimulationTime)]>([])

    /// A log stamped with `simulator`'s time.
    init(simulator: Simulator) {
        self.simulator = simulator
    }

    /// Notes `name` at the simulator's current time. Simulator thread only.
    func record(_ name: String) {
        let time = simulator.now
        storage.withLock { $0.append((name, time)) }
    }

    /// The names in the order they were recorded.
    var names: [String] {
        storage.withLock { $0.map(\.name) }
    }

    /// The time each name was recorded at (the last time, for a name recorded twice).
    var times: [String: SimulationTime] {
        storage.withLock { Dictionary($0.map { ($0.name, $0.time) }, uniquingKeysWith: { $1 }) }
    }
}
