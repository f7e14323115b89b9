import Foundation
import Testing
import UWBCore
import UWBDevices
import UWBTestSupport

@Suite("uwb calibrate antenna-delay", .serialized)
struct CalibrateCommandTests {
    /// The calibration room's pairs, numbered as its devices d0…d3 are given as --device 1…4.
    static let roomDistances = ["1-2=4", "1-3=3.640", "1-4=7.071", "2-3=4.610", "2-4=5.099", "3-4=4.272"].flatMap { ["--distance", $0] }

    static func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "swift-uwb-calibrate-\(UUID().uuidString)-\(name)"
    }

    /// The table rows whose first cell is one of `names`, split into cells.
    static func rows(_ output: String, of names: [String]) -> [[String]] {
        output.split(separator: "\n").map { line in
            line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }.filter { $0.first.map(names.contains) == true }
    }

    /// The largest pair error after, in centimetres, from the last line.
    static func largestErrorAfter(_ output: String) throws -> Double {
        let after = try #require(output.split(separator: "\n").last { $0.hasPrefix("Pairs' distance error") })
        #expect(after.contains("corrected by the estimate median 0."), "\(after)")
        return try #require(after.split(separator: "largest ").last.flatMap { Double($0.prefix { $0 != " " }) })
    }

    @Test("on the calibration room it finds the four hidden delays (70, −80, 90, −70 ticks), stores them, and a run with them corrected leaves the pairs' error under 1.5 cm")
    func calibrationRoom() throws {
        let store = Self.temporaryPath("store.json")
        defer { try? FileManager.default.removeItem(atPath: store) }
        let run = try CommandRun([
            "calibrate", "antenna-delay", "--scenario", "Docs/scenarios/calibration-room.json", "--seconds", "4", "--store", store,
        ])
        #expect(run.status == 0, "\(run.error)")
        let rows = Self.rows(run.output, of: ["d0", "d1", "d2", "d3"])
        #expect(rows.map { $0[0] } == ["d0", "d1", "d2", "d3"])
        for row in rows {
            // Estimate and truth in ticks agree within 5 ticks (2.3 cm): what the chip's receiver leaves on
            // each static pair (its leading edge on a noisy pulse, the bodies in the way) is up to about a
            // centimetre (residuals of the fit 0.3–0.9 cm with the chip's own leading-edge rule).
            let found = try #require(Int(row[1])), truth = try #require(Int(row[3]))
            #expect(abs(found - truth) <= 5, "\(row)")
        }
        #expect(try Self.largestErrorAfter(run.output) < 1.5)
        // The store holds each device's delays lengthened by half its error each way.
        let stored = try CalibrationStore.load(from: store)
        #expect(stored.entries.keys.sorted() == ["emulator:d0", "emulator:d1", "emulator:d2", "emulator:d3"])
        for (name, truth) in [("d0", 70), ("d1", -80), ("d2", 90), ("d3", -70)] {
            let chip = try #require(stored.entries["emulator:" + name]?.chips.first)
            let total = try #require(chip.txAntennaDelay).ticks + (try #require(chip.rxAntennaDelay)).ticks
            #expect(abs(total - (2 * 16_436 + Int64(truth))) <= 5, "\(name): \(chip)")
        }
    }

    @Test("on radios of the emulator service, with every core kept busy, it finds the hidden delays, stores them, and the radios opened again with the store range within 1.5 cm",
          .timeLimit(.minutes(10)))
    func radiosOfTheService() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"))
        let service = try ServeProcess(uwb: uwb, scenario: "Docs/scenarios/calibration-room.json", arguments: ["--speed", "0"])
        defer { _ = service.end(with: SIGTERM) }
        let store = Self.temporaryPath("store.json")
        defer { try? FileManager.default.removeItem(atPath: store) }
        // Every core kept busy while the command runs, as on a loaded CI machine: the radios'
        // threads, the sessions' and the service's are all slow.
        let busy = BusyCores()
        defer { busy.stop() }
        // 100 distances per pair: the radios' sessions start on the wall clock, so which rounds are
        // measured depends on the machine's load, and with 30 the largest pair error after the
        // correction reached 1.6 cm in 2 of 20 runs with both cores busy (0.7–1.1 cm in 12 runs with 100).
        let run = try CommandRun(
            ["calibrate", "antenna-delay", "--count", "100", "--store", store]
                + ["d0", "d1", "d2", "d3"].flatMap { ["--device", "emulator:" + $0] } + Self.roomDistances,
            environment: ["UWB_EMULATOR_SOCKET": service.socket])
        #expect(run.status == 0, "\(run.error)")
        let rows = Self.rows(run.output, of: ["d0", "d1", "d2", "d3"].map { "emulator:" + $0 })
        for (row, truth) in zip(rows, [70, -80, 90, -70]) {
            let found = try #require(Int(row[1]))
            #expect(abs(found - truth) <= 3, "\(row)")
        }
        #expect(rows.count == 4)
        #expect(try Self.largestErrorAfter(run.output) < 1.5)
        #expect(try CalibrationStore.load(from: store).entries.count == 4)
    }

    @Test("a radio that never answers is named, with what to check, once the timeout has passed", .timeLimit(.minutes(10)))
    func silentRadio() throws {
        let scenario = Self.temporaryPath("far.json")
        defer { try? FileManager.default.removeItem(atPath: scenario) }
        try Data("""
            { "name": "d3 out of reach", "seed": 5, "durationSeconds": 10, "channel": { "model": "free-space" },
              "devices": [
                { "name": "d0", "board": "ft232h-dw1000-single", "position": [0, 0, 0] },
                { "name": "d1", "board": "ft232h-dw1000-single", "position": [4, 0, 0] },
                { "name": "d2", "board": "ft232h-dw1000-single", "position": [1, 0, -3.5] },
                { "name": "d3", "board": "ft232h-dw1000-single", "position": [0, 0, 700] } ] }
            """.utf8).write(to: URL(fileURLWithPath: scenario))
        let uwb = try #require(BuiltExecutable.path(named: "uwb"))
        let service = try ServeProcess(uwb: uwb, scenario: scenario, arguments: ["--speed", "0"])
        defer { _ = service.end(with: SIGTERM) }
        let store = Self.temporaryPath("store.json")
        let run = try CommandRun(
            ["calibrate", "antenna-delay", "--count", "10", "--timeout", "3", "--store", store]
                + ["d0", "d1", "d2", "d3"].flatMap { ["--device", "emulator:" + $0] }
                + ["1-2=4", "1-3=3.640", "1-4=700", "2-3=4.610", "2-4=700.011", "3-4=703.501"].flatMap { ["--distance", $0] },
            environment: ["UWB_EMULATOR_SOCKET": service.socket])
        #expect(run.status == 1)
        #expect(run.error.contains("emulator:d0 and emulator:d3 measured 0 of 10 distances in 3.0 s: check that both are powered, attached and within range"),
                "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: store), "nothing is stored")
    }

    @Test("bad calls say what to change", arguments: [
        (["--scenario", "Docs/scenarios/two-devices-3m.json", "--seconds", "3"], "at least 3"),
        (["--device", "usb:A", "--device", "usb:B"], "2 --device given: calibrating antenna delays needs at least 3"),
        (["--device", "usb:A", "--device", "usb:B", "--device", "usb:C", "--distance", "1-2=1", "--distance", "1-3=1"],
         "no --distance 2-3: measure the distance between every two devices' antennas"),
        (["--device", "usb:A", "--device", "usb:B", "--device", "usb:C", "--distance", "1-2=1", "--distance", "1-4=1"],
         "--distance 1-4: there are only 3 --device"),
        (["--device", "usb:A", "--device", "usb:B", "--device", "usb:C", "--distance", "1-2=1", "--distance", "1-3=1", "--distance", "2-3=3"],
         "the distances between usb:A, usb:B and usb:C cannot all be true: the longest is 100 cm longer than the other two together"),
        (["--device", "usb:A", "--device", "usb:B", "--device", "usb:C", "--distance", "1-2=2", "--distance", "1-3=1", "--distance", "2-3=1.01"],
         "usb:C stands 10 cm from the line between usb:A and usb:B, inside their first Fresnel zone (15 cm)"),
        (["--device", "usb:A", "--device", "usb:B", "--device", "usb:C", "--distance", "1-2=x"], "--distance"),
        (["--scenario", "Docs/scenarios/calibration-room.json", "--device", "usb:A"], "give --scenario or --device, not both"),
        (["--seconds", "3"], "give --scenario FILE (emulator) or --device for each radio"),
    ])
    func badCalls(arguments: [String], fragment: String) throws {
        let run = try CommandRun(["calibrate", "antenna-delay"] + arguments)
        #expect(run.status != 0)
        #expect(run.error.contains(fragment), "\(run.error)")
    }

    @Test("three devices in a line in a scenario are refused, naming the one in the middle")
    func collinearScenario() throws {
        let scenario = Self.temporaryPath("line.json")
        defer { try? FileManager.default.removeItem(atPath: scenario) }
        try Data("""
            { "name": "a line", "seed": 5, "durationSeconds": 10, "channel": { "model": "free-space" },
              "devices": [
                { "name": "a", "board": "ft232h-dw1000-single", "position": [0, 0, 0] },
                { "name": "b", "board": "ft232h-dw1000-single", "position": [2, 0, 0] },
                { "name": "c", "board": "ft232h-dw1000-single", "position": [4, 0, 0] } ] }
            """.utf8).write(to: URL(fileURLWithPath: scenario))
        let run = try CommandRun(["calibrate", "antenna-delay", "--scenario", scenario, "--seconds", "3"])
        #expect(run.status == 1)
        #expect(run.error.contains("b stands 0 cm from the line between a and c"), "\(run.error)")
    }
}

@Suite("uwb calibrate pdoa", .serialized)
struct CalibratePDoACommandTests {
    /// The offset rows of the table: chip, found, truth, error (degrees).
    static func offsetRows(_ output: String) -> [[String]] {
        CalibrateCommandTests.rows(output, of: ["1", "2"])
    }

    /// The before and after angle errors of the last line that gives them, in degrees.
    static func angleErrors(_ output: String) throws -> (before: Double, after: Double) {
        let line = try #require(output.split(separator: "\n").last { $0.hasPrefix("Angle of arrival RMS error") })
        let before = try #require(line.split(separator: "before ").last.flatMap { Double($0.prefix { $0 != "°" }) })
        let after = try #require(line.split(separator: "after ").last.flatMap { Double($0.prefix { $0 != "°" }) })
        return (before, after)
    }

    @Test("the sweep: the offset drawn at the station's reset is found within 2°, the angle error within ±60° falls under 3°, the samples are written and the offset stored")
    func sweep() throws {
        let store = CalibrateCommandTests.temporaryPath("store.json"), samples = CalibrateCommandTests.temporaryPath("samples.jsonl")
        defer {
            try? FileManager.default.removeItem(atPath: store)
            try? FileManager.default.removeItem(atPath: samples)
        }
        let run = try CommandRun([
            "calibrate", "pdoa", "--scenario", "Docs/scenarios/pdoa-sweep.json", "--device", "station", "--store", store,
            "--samples", samples,
        ])
        #expect(run.status == 0, "\(run.error)")
        let row = try #require(Self.offsetRows(run.output).first)
        let found = try #require(Double(row[1])), truth = try #require(Double(row[2])), error = try #require(Double(row[3]))
        #expect(abs(error) <= 2, "\(row)")
        // The reset drew a phase: the truth is not the scenario's 0.9 rad (51.6°).
        #expect(abs(truth - 51.57) > 5, "\(row)")
        let (before, after) = try Self.angleErrors(run.output)
        #expect(after <= 3 && before > 10, "before \(before)°, after \(after)°")
        let stored = try #require(try CalibrationStore.load(from: store).entries["emulator:station"])
        #expect(abs(try #require(stored.chips[1].phaseOffset).degrees - found) < 0.01)
        let lines = try String(contentsOfFile: samples, encoding: .utf8).split(separator: "\n")
        #expect(lines.count > 300)
        #expect(lines.first?.hasPrefix(#"{"t":"#) == true && lines.first?.contains(#""chip":1,"true_angle_rad":"#) == true)
    }

    @Test("the same scenario with another seed draws another offset at reset, and the calibration follows it")
    func anotherPowerUp() throws {
        let run = try CommandRun([
            "calibrate", "pdoa", "--scenario", "Docs/scenarios/pdoa-sweep.json", "--device", "station", "--seed", "99", "--seconds", "20",
        ])
        #expect(run.status == 0, "\(run.error)")
        let row = try #require(Self.offsetRows(run.output).first)
        let error = try #require(Double(row[3]))
        #expect(abs(error) <= 2, "\(row)")
    }

    /// Runs `uwb calibrate pdoa` on the radios `station` and `tag` of an emulator service serving
    /// `scenario`, the tag at a known 30°, 60 measurements, into a new store; then `body` with the
    /// run, the store's path and the service's socket, while the service still runs.
    static func calibrateOnService(_ scenario: String, _ body: (CommandRun, String, String) throws -> Void) throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"))
        let service = try ServeProcess(uwb: uwb, scenario: scenario, arguments: ["--speed", "0"])
        defer { _ = service.end(with: SIGTERM) }
        let store = CalibrateCommandTests.temporaryPath("store.json")
        defer { try? FileManager.default.removeItem(atPath: store) }
        let run = try CommandRun(
            ["calibrate", "pdoa", "--device", "emulator:station", "--peer", "emulator:tag", "--angle", "30", "--count", "60", "--store", store],
            environment: ["UWB_EMULATOR_SOCKET": service.socket])
        #expect(run.status == 0, "\(run.error)")
        let (before, after) = try Self.angleErrors(run.output)
        #expect(after <= 3 && before > 10, "before \(before)°, after \(after)°")
        try body(run, store, service.socket)
    }

    @Test("on radios of the emulator service, with the peer at a known 30°: the angle error falls under 3° and the offset is stored",
          .timeLimit(.minutes(10)))
    func radios() throws {
        try Self.calibrateOnService("Docs/scenarios/pdoa-bench.json") { _, store, _ throws in
            #expect(try CalibrationStore.load(from: store).entries["emulator:station"]?.chips[1].phaseOffset != nil)
        }
    }

    /// The DW3220 station's hidden port offset in the DW3220 scenarios: −1.3 rad, in degrees.
    static let hiddenPortOffset = -1.3 * 180 / Double.pi

    @Test("one DW3220 on the sweep: the hidden offset between its ports (−74.5°) is found within 2°, the angle error within ±60° falls under 3°, and it is stored as the chip's phase offset")
    func dw3220Sweep() throws {
        let store = CalibrateCommandTests.temporaryPath("store.json")
        defer { try? FileManager.default.removeItem(atPath: store) }
        let run = try CommandRun([
            "calibrate", "pdoa", "--scenario", "Docs/scenarios/pdoa-dw3220-sweep.json", "--device", "station", "--seconds", "20",
            "--store", store,
        ])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("| port of chip 0 | offset found (°) | true offset now (°) | error (°) |"), "\(run.output)")
        let rows = Self.offsetRows(run.output)
        #expect(rows.count == 1, "one row: the second port")
        let row = try #require(rows.first)
        let found = try #require(Double(row[1])), truth = try #require(Double(row[2]))
        #expect(abs(truth - Self.hiddenPortOffset) < 0.01, "\(row)")
        #expect(abs(found - Self.hiddenPortOffset) <= 2, "\(row)")
        let (before, after) = try Self.angleErrors(run.output)
        #expect(after <= 3 && before > 10, "before \(before)°, after \(after)°")
        let stored = try #require(try CalibrationStore.load(from: store).entries["emulator:station"])
        #expect(stored.boardID == "ft232h-dw3220-pdoa" && stored.chips.count == 1)
        #expect(abs(try #require(stored.chips[0].phaseOffset).degrees - found) < 0.01)
    }

    @Test("one DW3220 on a radio of the emulator service, the peer at a known 30°: the port offset is found within 3°, the angle error falls under 3°, and the radio opened again with the store carries it",
          .timeLimit(.minutes(10)))
    func dw3220OnRadios() throws {
        try Self.calibrateOnService("Docs/scenarios/pdoa-dw3220-bench.json") { run, store, socket in
            #expect(run.output.contains("| port of chip 0 | offset found (°) | spread of the samples (°) |"), "\(run.output)")
            let row = try #require(Self.offsetRows(run.output).first)
            #expect(abs(try #require(Double(row[1])) - Self.hiddenPortOffset) <= 3, "\(row)")
            let radio = try DeviceChoice.openEmulatorDevice("station", socketPath: socket, calibrationStore: store)
            defer { radio.stop() }
            #expect(radio.calibration == .stored(path: store))
            #expect(abs(radio.board.chips[0].calibration.phaseOffset.degrees - Self.hiddenPortOffset) <= 3, "\(radio.board.chips[0].calibration)")
        }
    }

    @Test("bad calls say what to change", arguments: [
        (["--scenario", "Docs/scenarios/pdoa-sweep.json", "--device", "tag"], "tag runs board ft232h-dw1000-single, with 1 coherent receiver"),
        (["--scenario", "Docs/scenarios/pdoa-dw3220-sweep.json", "--device", "tag"],
         "tag runs board ft232h-dwm3000-single, with 1 coherent receiver: PDoA calibration needs a board that measures phase differences, "
            + "with two or three chips on one clock or one chip with two antenna ports (a DW3220): "
            + "ft232h-dw1000-dual, ft232h-dw1000-triple, ft232h-dw3220-pdoa"),
        (["--scenario", "Docs/scenarios/pdoa-sweep.json", "--device", "nobody"], "has no device nobody; its devices: station, tag"),
        (["--scenario", "Docs/scenarios/pdoa-sweep.json", "--device", "station", "--peer", "ghost"], "--peer ghost is not another device"),
        (["--device", "usb:A", "--peer", "usb:B"], "give --angle"),
        (["--device", "usb:A", "--peer", "usb:B", "--angle", "95"], "--angle 95.0: give −90 … 90 degrees"),
        (["--device", "usb:A"], "give one --peer on radios"),
        (["--device", "usb:A", "--peer", "usb:A", "--angle", "0"], "--peer must be another radio"),
    ])
    func badCalls(arguments: [String], fragment: String) throws {
        let run = try CommandRun(["calibrate", "pdoa"] + arguments)
        #expect(run.status != 0)
        #expect(run.error.contains(fragment), "\(run.error)")
    }

    @Test("a peer that never answers is named once the timeout has passed", .timeLimit(.minutes(10)))
    func silentPeer() throws {
        let scenario = CalibrateCommandTests.temporaryPath("far.json")
        defer { try? FileManager.default.removeItem(atPath: scenario) }
        try Data("""
            { "name": "tag out of reach", "seed": 5, "durationSeconds": 10, "channel": { "model": "free-space" },
              "devices": [
                { "name": "station", "board": "ft232h-dw1000-dual", "position": [0, 0, 0] },
                { "name": "tag", "board": "ft232h-dw1000-single", "position": [0, 0, -700] } ] }
            """.utf8).write(to: URL(fileURLWithPath: scenario))
        let uwb = try #require(BuiltExecutable.path(named: "uwb"))
        let service = try ServeProcess(uwb: uwb, scenario: scenario, arguments: ["--speed", "0"])
        defer { _ = service.end(with: SIGTERM) }
        let run = try CommandRun(
            ["calibrate", "pdoa", "--device", "emulator:station", "--peer", "emulator:tag", "--angle", "0", "--timeout", "3", "--count", "10",
             "--store", CalibrateCommandTests.temporaryPath("never.json")],
            environment: ["UWB_EMULATOR_SOCKET": service.socket])
        #expect(run.status == 1)
        #expect(run.error.contains("emulator:station measured 0 of 10 phase differences of emulator:tag in 3.0 s"), "\(run.error)")
    }
}
