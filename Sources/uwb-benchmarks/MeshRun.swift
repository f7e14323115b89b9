import EmulatorHarness
import Foundation
import UWBCore
import UWBEmulator

/// One run of NearbyInteraction sessions on the emulator for the mesh benchmark: every two devices
/// of a world range through their own sessions (or, with a hub, the hub with each other device),
/// every session asking for the same update interval. Counts each pair's updates after a settling
/// time, and the removals.
struct MeshRun {
    /// The update rate of each pair that ranges: the mean of its two sessions' updates per second.
    let rates: PairRates
    /// Peers removed (timeouts or goodbyes) and sessions invalidated, over the whole run.
    let removals: Int
    /// The mean interval between a session's updates, as its measurements report it (`RangingMeasurement.interval`).
    let achievedInterval: Duration
    /// Virtual seconds the run lasted.
    let seconds: Double
    /// Wall seconds it took.
    let wall: Double

    /// Runs `world` for `seconds` of virtual time, counting updates after `settle` seconds.
    init(world: RangingWorld, hub: String?, seed: UInt64, interval: Duration, seconds: Double, settle: Double) throws {
        let emulation = try Emulation(scenario: try world.scenario(), seed: seed)
        let mesh = try SessionMesh(emulation: emulation, interval: interval, tokenSeed: seed, hub: hub)
        let start = ContinuousClock.now
        var updates: [String: Int] = [:]
        var removals = 0
        var intervals: [Double] = []
        var time = SimulationTime.zero
        // In slices, so that the reports do not pile up in memory.
        while time < SimulationTime(seconds: seconds) {
            time = min(time + .seconds(1), SimulationTime(seconds: seconds))
            mesh.run(until: time, pacing: WallClockPacing(), speed: 0)
            for report in mesh.collect() {
                switch report.event {
                case .measured(_, let measurement):
                    guard measurement.time.secondsValue >= settle else { continue }
                    updates[Self.pair(report.device, report.peer), default: 0] += 1
                    if let interval = measurement.interval {
                        intervals.append(interval.secondsValue)
                    }
                case .removed, .invalidated:
                    removals += 1
                case .started:
                    break
                }
            }
        }
        wall = (ContinuousClock.now - start).secondsValue
        let names = mesh.deviceNames
        let pairs = names.indices.flatMap { first in
            names[(first + 1)...].compactMap { second in
                mesh.session(of: names[first], with: second) == nil ? nil : Self.pair(names[first], second)
            }
        }
        let counted = seconds - settle
        rates = PairRates(pairs.map { Double(updates[$0] ?? 0) / 2 / counted })
        self.removals = removals
        achievedInterval = .seconds(intervals.isEmpty ? 0 : intervals.reduce(0, +) / Double(intervals.count))
        self.seconds = seconds
    }

    /// The key of the unordered pair of `first` and `second`.
    private static func pair(_ first: String, _ second: String) -> String {
        first < second ? first + "+" + second : second + "+" + first
    }

    /// A room of `count` single-chip devices on a grid 2 m apart, six to a row, 1 m above the floor,
    /// every device with its back to the grid's centre, in IEEE 802.15.4a CM3 (office, line of sight).
    static func grid(count: Int, boards: String) -> RangingWorld {
        let columns = 6
        let rows = (count + columns - 1) / columns
        let centre = Vector3(x: Double(min(count, columns) - 1), y: 1, z: -Double(rows - 1))
        let devices = (0..<count).map { index in
            RangingWorld.Device(
                name: "d\(index)", position: Vector3(x: 2 * Double(index % columns), y: 1, z: -2 * Double(index / columns)),
                clockPPM: Double(index % 11) * 2 - 10)
        }
        return RangingWorld(name: "grid of \(count)", channel: "cm3", devices: devices, facing: centre, boards: boards)
    }

    /// A hub at the centre and `peers` single-chip devices on a ring 3 m around it, facing it, in CM3.
    static func hub(peers: Int, boards: String) -> RangingWorld {
        let ring = (0..<peers).map { index in
            let angle = 2 * Double.pi * Double(index) / Double(peers)
            return RangingWorld.Device(
                name: "p\(index)", position: Vector3(x: 3 * sin(angle), y: 1, z: -3 * cos(angle)),
                clockPPM: Double(index % 11) * 2 - 10)
        }
        let hub = RangingWorld.Device(name: "hub", position: Vector3(x: 0, y: 1, z: 0), yawDegrees: 0)
        return RangingWorld(name: "hub with \(peers) peers", channel: "cm3", devices: [hub] + ring,
                            facing: Vector3(x: 0, y: 1, z: 0), boards: boards)
    }
}
