import Foundation
import Testing
import UWBTestSupport

@Suite("uwb locate: live radios of the emulator service, bad calls")
struct LocateCommandTests {
    @Test("the warehouse served: its anchors run their rounds and `uwb locate --device emulator:forklift` fixes the forklift",
          .timeLimit(.minutes(5)))
    func liveTagOnTheService() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let service = try ServeProcess(uwb: uwb, scenario: "Docs/scenarios/warehouse.json", arguments: ["--speed", "0"])
        defer { _ = service.end(with: SIGTERM) }
        #expect(service.firstLine == "running 20 DL-TDoA anchors of network 4660", "\(service.firstLine)")
        let run = try CommandRun(
            ["locate", "--device", "emulator:forklift", "--network", "4660", "--height", "2.2", "--duration", "1", "--format", "jsonl"],
            environment: ["UWB_EMULATOR_SOCKET": service.socket])
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
        #expect(run.error.contains(" fixes, "), "\(run.error)")
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
