import EmulatorHarness
import Foundation
import UWBCore
import UWBEmulator

/// How NearbyInteraction sessions scale on the emulator: rings of single-chip devices, 3 m from
/// the ring's centre and facing it (free space), where every device runs one session per peer
/// through its device service (a ``SessionMesh``), all at one update interval. For each ring:
/// updates per session per second, distance error against the ground truth after the filters
/// settle, removals, and the wall-clock speed.
struct SessionScaling {
    /// One ring's results.
    struct Row {
        /// Devices in the ring.
        let devices: Int
        /// Sessions (one per ordered pair).
        let sessions: Int
        /// Updates per session per second: mean over sessions, and the lowest session's.
        let rate: (mean: Double, lowest: Double)
        /// Filtered distance − true distance after the settling time, metres.
        let error: ErrorMoments?
        /// The largest |error|, metres.
        let worstError: Double
        /// Peers removed (timeouts or goodbyes) and sessions invalidated.
        let removals: Int
        /// Wall seconds the run took.
        let wall: Double
    }

    /// The ring's radius.
    static let radius = 3.0

    /// The rings, in the order of `counts`.
    let rows: [Row]
    /// Virtual seconds each ring ran.
    let seconds: Double
    /// The interval asked for.
    let interval: Duration

    /// Runs a ring of each size in `counts`.
    init(counts: [Int], boards: String, seed: UInt64, seconds: Double, settle: Double, interval: Duration) throws {
        self.seconds = seconds
        self.interval = interval
        rows = try counts.map { count in
            progress("sessions: ring of \(count)")
            return try Self.run(count: count, boards: boards, seed: seed, seconds: seconds, settle: settle, interval: interval)
        }
    }

    /// The ring of `count` devices as a world.
    static func world(count: Int, boards: String) -> RangingWorld {
        let devices = (0..<count).map { index in
            let angle = 2 * Double.pi * Double(index) / Double(count)
            return RangingWorld.Device(
                name: "d\(index)", position: Vector3(x: radius * sin(angle), y: 1, z: -radius * cos(angle)))
        }
        return RangingWorld(name: "ring of \(count)", devices: devices, facing: Vector3(x: 0, y: 1, z: 0), boards: boards)
    }

    private static func run(
        count: Int, boards: String, seed: UInt64, seconds: Double, settle: Double, interval: Duration
    ) throws -> Row {
        let emulation = try Emulation(scenario: try world(count: count, boards: boards).scenario(), seed: seed)
        let mesh = try SessionMesh(emulation: emulation, interval: interval, tokenSeed: seed)
        let start = ContinuousClock.now
        mesh.run(until: SimulationTime(seconds: seconds), pacing: WallClockPacing(), speed: 0)
        let wall = (ContinuousClock.now - start).secondsValue
        var updates: [String: Int] = [:]
        var errors: [Double] = []
        var removals = 0
        let indices = Dictionary(uniqueKeysWithValues: mesh.deviceNames.enumerated().map { ($1, $0) })
        for report in mesh.collect() {
            switch report.event {
            case .measured(let object, let measurement):
                updates[report.device + ">" + report.peer, default: 0] += 1
                let time = SimulationTime.zero + measurement.time
                guard time.seconds >= settle, let distance = object.distance,
                      let observer = indices[report.device], let peer = indices[report.peer],
                      let truth = emulation.groundTruth(from: observer, to: peer, at: time)
                else { continue }
                errors.append(Double(distance) - truth.distance.metres)
            case .removed, .invalidated:
                removals += 1
            case .started:
                break
            }
        }
        let sessions = count * (count - 1)
        let lowest = updates.count < sessions ? 0 : updates.values.min() ?? 0
        return Row(
            devices: count, sessions: sessions,
            rate: (mean: Double(updates.values.reduce(0, +)) / Double(sessions) / seconds, lowest: Double(lowest) / seconds),
            error: ErrorMoments(errors), worstError: errors.map(abs).max() ?? 0, removals: removals, wall: wall)
    }

    /// The results as a markdown table.
    var markdown: String {
        var table = MarkdownTable([
            "devices", "sessions", "updates/s per session (mean)", "lowest session", "error mean (cm)",
            "error RMS (cm)", "worst (cm)", "removals", "wall (s)", "× real time",
        ])
        for row in rows {
            table.append([
                "\(row.devices)", "\(row.sessions)", Formatting.fixed(row.rate.mean, 2), Formatting.fixed(row.rate.lowest, 2),
                row.error.map { Formatting.fixed($0.mean * 100, 2) } ?? "–",
                row.error.map { Formatting.fixed($0.rootMeanSquare * 100, 2) } ?? "–",
                Formatting.fixed(row.worstError * 100, 1), "\(row.removals)", Formatting.fixed(row.wall, 2),
                Formatting.factor(seconds / row.wall),
            ])
        }
        return table.markdown
    }
}
