import EmulatorHarness
import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator
import UWBTestSupport

/// Many devices on one channel, every pair ranging through its own sessions (a ``SessionMesh``):
/// the device services' group rounds and channel access keep every session alive, at the
/// interval asked for while the air has room and evenly slower when it has not. Virtual time only.
@Suite("Sessions: a dense room")
struct DenseRoomSessionTests {
    /// `count` single-chip devices 2.5 m apart, five to a row, in an office (CM3), with clock
    /// offsets from −10 to +10 ppm.
    static func room(devices count: Int) throws -> Emulation {
        let devices = (0..<count).map { index in
            let position = "[\(2.5 * Double(index % 5)), 1, \(-2.5 * Double(index / 5))]"
            let ppm = Double(index % 11) * 2 - 10
            return "{\"name\": \"d\(index)\", \"board\": \"ft232h-dw1000-single\", \"position\": \(position), "
                + "\"orientation\": {\"yawDegrees\": \(index % 2 == 0 ? 0 : 180)}, \"clock\": {\"offsetPPM\": \(ppm)}}"
        }
        let json = "{\"name\": \"dense\", \"channel\": {\"model\": \"cm3\"}, \"devices\": [\(devices.joined(separator: ","))]}"
        let scenario = try Scenario(jsonData: Data(json.utf8), boardSearchPaths: [Repository.boardsDirectory])
        return try Emulation(scenario: scenario, seed: 14)
    }

    /// What the mesh's sessions reported over `seconds` of virtual time: the updates per session
    /// after `settle` seconds, the achieved intervals they reported, and the removals. Yields after
    /// every virtual second, so that a long run does not hold one of the test runner's few threads
    /// while other tests wait for it (their time limits run while they wait).
    static func run(_ mesh: SessionMesh, seconds: Int, settle: Double) async -> (updates: [String: Int], intervals: [Duration], removals: [String]) {
        var updates: [String: Int] = [:]
        var intervals: [Duration] = []
        var removals: [String] = []
        for second in 1...seconds {
            await Task.yield()
            mesh.run(until: SimulationTime(seconds: Double(second)), pacing: WallClockPacing(), speed: 0)
            for report in mesh.collect() {
                let name = report.device + ">" + report.peer
                switch report.event {
                case .measured(_, let measurement):
                    guard measurement.time.secondsValue >= settle else { continue }
                    updates[name, default: 0] += 1
                    intervals += measurement.interval.map { [$0] } ?? []
                case .removed, .invalidated:
                    removals.append(name)
                case .started:
                    break
                }
            }
        }
        return (updates, intervals, removals)
    }

    @Test("fourteen devices, 182 sessions at 100 ms: every session ranges at 10 Hz for 30 s, none is removed",
          .timeLimit(.minutes(30)))
    func fourteenDevicesForALongRun() async throws {
        let mesh = try SessionMesh(emulation: try Self.room(devices: 14), interval: .milliseconds(100), tokenSeed: 14)
        let (updates, intervals, removals) = await Self.run(mesh, seconds: 30, settle: 1)
        #expect(removals.isEmpty, "\(removals)")
        #expect(updates.count == 14 * 13)
        for (session, count) in updates {
            // 29 s after the settling second: 290 updates at 10 Hz; a few rounds may fail.
            #expect(count >= 278, "\(session): \(count) updates in 29 s")
        }
        let mean = intervals.reduce(Duration.zero, +) / intervals.count
        #expect(mean < .milliseconds(104), "achieved interval \(mean)")
    }

    @Test("twenty devices ask for more rounds than one channel carries: every pair ranges about equally, slower than asked, and says so; none is removed",
          .timeLimit(.minutes(30)))
    func twentyDevicesShareTheAir() async throws {
        let mesh = try SessionMesh(emulation: try Self.room(devices: 20), interval: .milliseconds(100), tokenSeed: 20)
        let (updates, intervals, removals) = await Self.run(mesh, seconds: 8, settle: 2)
        #expect(removals.isEmpty, "\(removals)")
        #expect(updates.count == 20 * 19)
        // 190 pairs at 10 Hz would need 1 900 measurements a second; one channel carries about 1 590
        // in full group rounds (Docs/ranging-protocol.md, "Airtime budget"), so each pair gets less.
        let rates = updates.values.map { Double($0) / 6 }
        let mean = rates.reduce(0, +) / Double(rates.count)
        #expect(mean > 3 && mean < 9, "mean \(mean) updates per second")
        // Evenly: Jain's fairness index (Σx)² / (n·Σx²) near 1, and no session starved.
        let fairness = rates.reduce(0, +) * rates.reduce(0, +) / (Double(rates.count) * rates.reduce(0) { $0 + $1 * $1 })
        #expect(fairness > 0.95, "fairness \(fairness)")
        #expect((rates.min() ?? 0) > mean / 2, "slowest session \(rates.min() ?? 0) against a mean of \(mean)")
        // The measurements report the slower interval they achieved.
        let achieved = intervals.reduce(Duration.zero, +) / intervals.count
        #expect(achieved > .milliseconds(110), "achieved interval \(achieved)")
        #expect(abs(achieved.secondsValue - 1 / mean) < 0.2 / mean, "achieved \(achieved) against 1/\(mean) s")
    }
}
