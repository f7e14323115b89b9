import Foundation
import Synchronization
import Testing
import UWBCore
import UWBEmulatorService
import UWBPositioning
import UWBTestSupport

@Suite("uwb locate: live radios of the emulator service, bad calls")
struct LocateCommandTests {
    @Test("the warehouse served: its anchors run their rounds and `uwb locate --device emulator:forklift` fixes the forklift",
          .timeLimit(.minutes(10)))
    func liveTagOnTheService() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let service = try ServeProcess(uwb: uwb, scenario: "Docs/scenarios/warehouse.json", arguments: ["--speed", "0"])
        defer { _ = service.end(with: SIGTERM) }
        #expect(service.firstLine == "running 20 DL-TDoA anchors of network 4660", "\(service.firstLine)")
        // An observer watches the service while the tag runs: the fixes it reports, beside the truth.
        let watcher = FixWatcher(socketPath: service.socket, device: "forklift")
        let run = try CommandRun(
            ["locate", "--device", "emulator:forklift", "--network", "4660", "--height", "2.2", "--duration", "1", "--format", "jsonl"],
            environment: ["UWB_EMULATOR_SOCKET": service.socket])
        let seen = watcher.stop()
        #expect(run.status == 0, "\(run.error)")
        let lines = run.output.split(separator: "\n")
        // A fix a period after the first (0.11 s), and a refix when a cluster first heard late joins.
        #expect(lines.count >= 9, "\(run.output)")
        // The forklift starts at (2.5, 2.2, 1.5) and drives along z at 2.8 m/s: in the first second,
        // along the segment x = 2.5, z from 1.5 to 4.3. The warehouse's multipath puts half its fixes
        // within about 0.45 m (Docs/benchmarks.md).
        var offPath: [Double] = []
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["device"] as? String == "emulator:forklift")
            #expect(object["true_position_m"] is NSNull, "a live radio has no truth")
            guard let position = object["position_m"] as? [Double] else { continue }
            #expect(position[1] == 2.2)
            let (dx, dz) = (position[0] - 2.5, max(0, 1.5 - position[2], position[2] - 4.3))
            offPath.append((dx * dx + dz * dz).squareRoot())
        }
        #expect(offPath.count >= 8)
        #expect(offPath.sorted()[offPath.count / 2] < 0.6, "\(offPath)")
        #expect(run.error.contains(" fixes") && run.error.contains(" rounds heard"), "\(run.error)")
        // The service showed the tag's fixes (REPORT POSITION): 2-D covariances, a growing track,
        // half the fixes as near where the forklift truly was as the printed ones are to its path.
        try #require(seen.count >= 3, "\(seen.count) fixes seen by the observer")
        var errors: [Double] = []
        for (fix, truth) in seen {
            #expect(fix.covariance.count == 4 && fix.covariance[0] > 0 && fix.covariance[3] > 0, "\(fix.covariance)")
            #expect(fix.position.metres.y == 2.2)
            errors.append(fix.position.distance(to: truth).metres)
        }
        #expect(errors.sorted()[errors.count / 2] < 0.6, "\(errors)")
        #expect((seen.map(\.fix.track.count).max() ?? 0) >= 2, "the track grows")
    }

    @Test("a phone under the office's anchors, all at one height, fixes nothing in 3-D: it says why and to give --height; with it, it fixes")
    func anchorsInOnePlane() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let service = try ServeProcess(uwb: uwb, scenario: "Docs/scenarios/office-dl-tdoa.json", arguments: ["--speed", "0"])
        defer { _ = service.end(with: SIGTERM) }
        let arguments = ["locate", "--device", "emulator:phone-desk", "--network", "26", "--duration", "0.5", "--format", "jsonl"]
        let spatial = try CommandRun(arguments, environment: ["UWB_EMULATOR_SOCKET": service.socket])
        #expect(spatial.status == 0, "\(spatial.error)")
        #expect(spatial.error.contains("0 fixes; no fix: "), "\(spatial.error)")
        #expect(spatial.error.contains("ambiguous-geometry, the first: the anchors cannot fix this position: \(SolverGeometry.anchorsInOnePlane)"),
                "\(spatial.error)")
        #expect(spatial.error.contains("give --height with its antenna's height to fix in 2-D"), "\(spatial.error)")
        #expect(!spatial.output.isEmpty && !spatial.output.contains("\"position_m\":["), "\(spatial.output)")
        let planar = try CommandRun(arguments + ["--height", "1.2"], environment: ["UWB_EMULATOR_SOCKET": service.socket])
        #expect(planar.status == 0, "\(planar.error)")
        #expect(planar.output.contains("\"position_m\":["), "\(planar.output)")
        #expect(!planar.error.contains("--height"), "\(planar.error)")
    }

    @Test("the service stops under a live tag: it says its radio was lost and exits 1", .timeLimit(.minutes(10)))
    func serviceStopsUnderTheTag() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let service = try ServeProcess(uwb: uwb, scenario: "Docs/scenarios/warehouse.json", arguments: ["--speed", "0"])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: uwb)
        process.arguments = ["locate", "--device", "emulator:forklift", "--network", "4660", "--height", "2.2", "--format", "jsonl"]
        process.environment = ProcessInfo.processInfo.environment.merging(["UWB_EMULATOR_SOCKET": service.socket]) { $1 }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Its first fix: it runs, without a duration.
        _ = try output.fileHandleForReading.read(upToCount: 1)
        _ = service.end(with: SIGTERM)
        let said = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(said)")
        #expect(said.contains("Error: emulator:forklift: the radio was lost"), "\(said)")
    }

    @Test("a UL-TDoA site is not served: its server runs in `uwb locate --scenario`")
    func uplinkSiteNotServed() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let path = "/tmp/uwb-locate-ul-\(UUID().uuidString.prefix(8)).json"
        let text = try String(contentsOfFile: Repository.path("Docs/scenarios/warehouse.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"networkIdentifier\": 4660", with: "\"networkIdentifier\": 4660, \"method\": \"ul-tdoa\"")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let service = try ServeProcess(uwb: uwb, scenario: path)
        _ = service.end(with: SIGTERM)
        #expect(service.firstLine.contains("runs DL-TDoA anchors only"), "\(service.firstLine)")
    }

    @Test("--method runs a DL-TDoA site by UL-TDoA: its tags blink and the fixes say ul-tdoa")
    func methodOverride() throws {
        let run = try CommandRun(["locate", "--scenario", "Docs/scenarios/warehouse.json", "--method", "ul-tdoa", "--duration", "1", "--format", "jsonl"])
        #expect(run.status == 0, "\(run.error)")
        let methods = Set(run.output.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["method"] as? String
        })
        #expect(methods == ["ul-tdoa"], "\(run.output.prefix(500))")
    }

    @Test("every fix says what the tag's tracker did with it: its first started the track, the later ones updated it or were gated, and a gated fix's track is not the fix; and gives a residual for each measurement it used")
    func trackingVerdicts() throws {
        let run = try CommandRun(["locate", "--scenario", "Docs/scenarios/warehouse.json", "--duration", "3", "--format", "jsonl"])
        #expect(run.status == 0, "\(run.error)")
        var seen: [String: [String]] = [:]
        for line in run.output.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard let verdict = object["tracking"] as? String, let device = object["device"] as? String else {
                #expect(object["no_fix"] is [String: Any] && object["tracking"] is NSNull, "\(line)")
                continue
            }
            seen[device, default: []].append(verdict)
            let residuals = try #require(object["residuals_m"] as? [[Any]], "\(line)")
            let rejected = try #require(object["rejected"] as? [String])
            #expect(residuals.count == object["measurements"] as? Int, "\(line)")
            #expect(residuals.allSatisfy { pair in
                guard pair.count == 2, let anchor = pair[0] as? String, let metres = pair[1] as? Double else { return false }
                return !rejected.contains(anchor) && abs(metres) < 5
            }, "\(line)")
            if verdict == "gated" {
                #expect(object["tracked_position_m"] as? [Double] != object["position_m"] as? [Double], "\(line)")
            }
        }
        #expect(seen.count == 4)
        for (device, verdicts) in seen {
            #expect(verdicts.first == "started", "\(device): \(verdicts.prefix(3))")
            #expect(Set(verdicts).isSubset(of: ["started", "updated", "gated"]) && verdicts.filter { $0 == "updated" }.count > verdicts.count / 2)
        }
    }

    @Test("bad calls: neither or both of --scenario and --device, --device without --network, --network with a scenario, a live UL-TDoA tag, an unknown method")
    func badCalls() throws {
        for (arguments, expected) in [
            (["locate"], "one of them"),
            (["locate", "--scenario", "warehouse", "--device", "emulator:x"], "one of them"),
            (["locate", "--device", "emulator:x"], "--device needs --network"),
            (["locate", "--scenario", "warehouse", "--network", "4"], "are for --device"),
            (["locate", "--device", "emulator:x", "--network", "4", "--method", "ul-tdoa"], "--method ul-tdoa is for --scenario"),
            (["locate", "--scenario", "warehouse", "--method", "gps"], "dl-tdoa"),
        ] {
            let run = try CommandRun(arguments)
            #expect(run.status != 0)
            #expect(run.error.contains(expected), "\(arguments): \(run.error)")
        }
    }
}

/// Observes an emulator service on a thread of its own and keeps every distinct fix of one device
/// with the device's true position in the same snapshot, until stopped.
private final class FixWatcher: Sendable {
    private let seen = Mutex<[(fix: SnapshotFix, truth: Position)]>([])
    private let stopping = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)

    init(socketPath: String, device: String) {
        let thread = Thread { [self] in
            defer { done.signal() }
            guard let observer = try? EmulatorObserver(socketPath: socketPath) else { return }
            defer { observer.close() }
            while !stopping.load(ordering: .relaxed), let snapshot = try? observer.snapshot() {
                guard let shown = snapshot.devices.first(where: { $0.name == device }), let fix = shown.fix else { continue }
                seen.withLock { seen in
                    if seen.last?.fix.at != fix.at { seen.append((fix, shown.position)) }
                }
            }
        }
        thread.start()
    }

    /// Stops watching and returns what was seen.
    func stop() -> [(fix: SnapshotFix, truth: Position)] {
        stopping.store(true, ordering: .relaxed)
        done.wait()
        return seen.withLock { $0 }
    }
}
