import EmulatorHarness
import Foundation
import UWBCore
import UWBEmulator

/// How soon a peer hears that a session ended: two single-chip devices 6 m apart with a session
/// each way; one side invalidates its session at several instants spread over an update
/// interval, and the virtual time until the other side's `didRemove(.peerEnded)` is measured, to
/// the resolution of the polling step.
struct GoodbyeLatency {
    /// Virtual time from `invalidate()` to the peer's removal, per instant; nil if it never came
    /// within the limit.
    let latencies: [Duration?]
    /// The polling step.
    static let step: Duration = .microseconds(50)
    /// How long to wait for the removal.
    static let limit: Duration = .milliseconds(200)

    /// Measures at `instants` (virtual seconds since the sessions started).
    init(instants: [Double], boards: String, seed: UInt64, interval: Duration) throws {
        latencies = try instants.map { instant in
            try Self.measure(at: instant, boards: boards, seed: seed, interval: interval)
        }
    }

    private static func measure(at instant: Double, boards: String, seed: UInt64, interval: Duration) throws -> Duration? {
        let emulation = try Emulation(scenario: try SessionScaling.world(count: 2, boards: boards).scenario(), seed: seed)
        let mesh = try SessionMesh(emulation: emulation, interval: interval, tokenSeed: seed)
        let pacing = WallClockPacing()
        let start = SimulationTime(seconds: instant)
        mesh.run(until: start, pacing: pacing, speed: 0)
        _ = mesh.collect()
        mesh.session(of: "d0", with: "d1")?.invalidate()
        var time = start
        while time - start < limit {
            time = time + step
            mesh.run(until: time, pacing: pacing, speed: 0)
            let ended = mesh.collect().contains { report in
                guard report.device == "d1", case .removed(.peerEnded) = report.event else { return false }
                return true
            }
            if ended {
                return time - start
            }
        }
        return nil
    }

    /// The results as a markdown table: the fastest, the median and the slowest.
    var markdown: String {
        let heard = latencies.compactMap { $0 }.sorted()
        var table = MarkdownTable(["invalidations", "heard", "fastest (ms)", "median (ms)", "slowest (ms)"])
        let milliseconds = { (duration: Duration) in Formatting.fixed(duration.secondsValue * 1000, 2) }
        table.append([
            "\(latencies.count)", "\(heard.count)", heard.first.map(milliseconds) ?? "–",
            heard.isEmpty ? "–" : milliseconds(heard[heard.count / 2]), heard.last.map(milliseconds) ?? "–",
        ])
        return table.markdown
    }
}
