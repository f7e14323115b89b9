import Foundation
import Testing
import UWBTestSupport

/// Scenarios and options no run can use get a message naming the field or option and the limit,
/// from every command, instead of a hang, a crash or a run that silently does nothing.
@Suite("Bad input to uwb range, demo and emulate")
struct BadInputTests {
    /// Calls `body` with the path of a scenario file with `count` single-chip devices 2 m apart on a
    /// grid 40 wide (or all at one point), each sending a frame every `interval` seconds if given;
    /// the file is removed afterwards.
    static func withScenario(
        devices count: Int, interval: Double? = nil, samePoint: Bool = false, _ body: (String) throws -> Void
    ) throws {
        let devices = (0..<count).map { index -> [String: Any] in
            var device: [String: Any] = [
                "name": "d\(index)", "board": "ft232h-dw1000-single",
                "position": samePoint ? [0, 1, 0] : [Double(index % 40) * 2, 1, Double(index / 40) * 2],
            ]
            if let interval {
                device["transmit"] = ["intervalSeconds": interval]
            }
            return device
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("uwb-bad-input-\(UUID().uuidString).json").path
        let data = try JSONSerialization.data(withJSONObject: ["name": "bad input", "devices": devices] as [String: Any])
        try data.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    /// Runs `command` on `scenario` with `options`, expecting it to fail with `fragment` in its message.
    static func expectRefusal(
        _ command: String, _ scenario: String, _ options: [String] = [], saying fragment: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let run = try CommandRun([command, "--scenario", scenario, "--duration", "1"] + options)
        #expect(run.status != 0, "\(command) ran", sourceLocation: sourceLocation)
        #expect(run.output.isEmpty, sourceLocation: sourceLocation)
        #expect(run.error.contains(fragment), "\(run.error)", sourceLocation: sourceLocation)
    }

    @Test("a scenario without devices", arguments: ["range", "demo", "emulate"])
    func noDevices(command: String) throws {
        try Self.withScenario(devices: 0) { path in
            try Self.expectRefusal(command, path, saying: "\(path): devices: empty; a scenario needs at least one device")
        }
    }

    @Test("one device: range and demo need two; emulate runs it")
    func oneDevice() throws {
        try Self.withScenario(devices: 1, interval: 0.1) { path in
            try Self.expectRefusal(
                "range", path, saying: "\(path): devices: the scenario has 1 device; ranging needs at least 2: add a device to the scenario")
            try Self.expectRefusal(
                "demo", path, saying: "\(path): devices: the scenario has 1 device; sessions need at least 2: add a device to the scenario")
            let run = try CommandRun(["emulate", "--scenario", path, "--duration", "1"])
            #expect(run.status == 0)
            let row = run.output.split(separator: "\n").first { $0.hasPrefix("d0 ") }?.split(separator: " ")
            #expect(row == ["d0", "10", "0", "0", "0", "0"], "\(run.output)")
        }
    }

    @Test("more devices than a scenario may have", arguments: ["range", "demo", "emulate"])
    func thousandsOfDevices(command: String) throws {
        try Self.withScenario(devices: 20_000) { path in
            try Self.expectRefusal(command, path, saying: "\(path): devices: 20000 devices, more than the 16384 a scenario may have")
        }
    }

    @Test("more devices than sessions between every two of them can serve")
    func meshTooLarge() throws {
        try Self.withScenario(devices: 31) { path in
            try Self.expectRefusal(
                "demo", path,
                saying: "\(path): devices: the scenario has 31 devices; sessions between every two of them work for at most 30 (435 pairs;")
        }
    }

    @Test("two devices at the same point", arguments: ["range", "demo", "emulate"])
    func samePoint(command: String) throws {
        try Self.withScenario(devices: 2, samePoint: true) { path in
            try Self.expectRefusal(
                command, path, saying: "\(path): devices[1].position: 0 m from devices[0].position, closer than 0.01 m")
        }
    }

    @Test("a ranging rate no slot can carry, and rates that are not rates")
    func rates() throws {
        let scenario = "Docs/scenarios/two-devices-3m.json"
        try Self.expectRefusal("range", scenario, ["--rate", "1000000"], saying: "--rate 1000000 Hz with 1 peer leaves each peer a slot shorter than the ")
        try Self.expectRefusal("range", scenario, ["--rate", "0"], saying: "--rate 0: give rounds per second per peer, at least 1/86400")
        try Self.expectRefusal("demo", scenario, ["--interval", "5"], saying: "--interval 5: an update interval of 5 ms is outside the ")
        try Self.expectRefusal("demo", scenario, ["--interval", "5000"], saying: "--interval 5000: an update interval of 5000 ms is outside the ")
        try Self.expectRefusal("demo", scenario, ["--interval", "0"], saying: "--interval 0: give milliseconds from 1 to 10000")
    }

    @Test("scripted traffic beyond what one channel carries is said before the run")
    func overloadedChannel() throws {
        // 12 devices each sending a 27-octet frame (about 0.192 ms) every millisecond: about 230 % of the air.
        try Self.withScenario(devices: 12, interval: 0.001) { path in
            let run = try CommandRun(["emulate", "--scenario", path, "--duration", "0.01"])
            #expect(run.status == 0)
            #expect(run.error.contains("the transmit scripts of \(path) ask for 23"), "\(run.error)")
            #expect(run.error.contains("% of the channel's airtime, more than the 100 % one channel carries"), "\(run.error)")
        }
    }
}
