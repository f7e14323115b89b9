import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBTestSupport

/// `uwb capture` against `uwb emulator serve`: a sniffer device captures two scripted beacons, and
/// what it wrote is compared with the service's own trace of the same run (the ground truth: every
/// frame the medium delivered to the sniffer). Runs on virtual time, so no result depends on the
/// machine's speed.
@Suite("uwb capture", .serialized)
struct CaptureCommandTests {
    static let scenario = "Docs/scenarios/capture-room.json"
    static let tshark = "/usr/bin/tshark"

    /// A fresh path in the temporary directory.
    static func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("swift-uwb-capture-\(UUID().uuidString)-\(name)").path
    }

    static func uwb() throws -> String {
        try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
    }

    /// The frames of the service's trace that reached `receiver` intact and were sent before
    /// `end` seconds less `margin` (the capture had stopped before a later frame's reception was
    /// handled), in time order.
    static func delivered(to receiver: String, in trace: String, before end: Double, margin: Double = 0.001) throws -> [TraceRecord] {
        let records = try PcapngReader(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: trace)))).records
        return records.filter { record in
            Double(record.time) / 1e12 < end - margin
                && record.receptions.contains { $0.receiver == receiver && $0.outcome == .received }
        }
    }

    /// The span `uwb capture`'s summary gives, in seconds on the radio's clock.
    static func span(in summary: String) throws -> (start: Double, end: Double) {
        let match = try #require(summary.firstMatch(of: /from ([0-9.]+) s to ([0-9.]+) s on the radio's clock/), "\(summary)")
        return (try #require(Double(match.1)), try #require(Double(match.2)))
    }

    @Test("a one-second capture holds exactly the frames the medium delivered to the sniffer, with RX timestamps and levels")
    func capturedEqualsDelivered() throws {
        let trace = Self.temporary("service.pcapng")
        let output = Self.temporary("capture.pcapng")
        defer {
            try? FileManager.default.removeItem(atPath: trace)
            try? FileManager.default.removeItem(atPath: output)
        }
        let service = try ServeProcess(uwb: try Self.uwb(), scenario: Self.scenario, arguments: ["--speed", "0", "--trace", trace])
        #expect(service.firstLine.hasPrefix("serving sniffer"), "\(service.firstLine)")
        let run = try CommandRun(
            ["capture", "--device", "emulator:sniffer", "--output", output, "--duration", "1"],
            environment: ["UWB_EMULATOR_SOCKET": service.socket])
        _ = service.end(with: SIGINT)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("no failed receptions; stopped: --duration 1.0 s"), "\(run.error)")
        let span = try Self.span(in: run.error)
        #expect(abs(span.end - span.start - 1) < 1e-6, "\(span)")
        let captured = try PcapngReader(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))).records
        let expected = try Self.delivered(to: "sniffer", in: trace, before: span.end)
        // Beacon A sends every 0.1 s from 0, beacon B every 0.1 s from 0.05 s: about twenty frames
        // in a second, every one the medium delivered to the sniffer captured.
        #expect((19...21).contains(expected.count), "\(expected.count)")
        #expect(captured.map(\.frame) == expected.map(\.frame))
        #expect(run.error.contains("capture: \(expected.count) frames written to \(output)"), "\(run.error)")
        for (record, sent) in zip(captured, expected) {
            // Handled within a millisecond of going on the air (the airtime is about 0.2 ms).
            #expect((0...1_000_000_000).contains(record.time - sent.time), "\(record.time) \(sent.time)")
        }
        for (index, record) in captured.enumerated() {
            let reception = try #require(record.receptions.first)
            #expect(reception.receiver == "emulator:sniffer")
            #expect(reception.outcome == .received)
            #expect((-90.0 ... -60.0).contains(reception.level.dBm), "\(reception.level)")
            guard case .frame(let timestamp, let firstPath)? = reception.capture else {
                Issue.record("record \(index) has no RX timestamp")
                continue
            }
            #expect(firstPath <= reception.level)
            if index > 0, case .frame(let previous, _)? = captured[index - 1].receptions.first?.capture {
                // 50 ms between frames, by the sniffer's 63.8976 GHz tick clock, within 100 ppm.
                let ticks = Double(timestamp.ticks &- previous.ticks & 0xFF_FFFF_FFFF)
                #expect(abs(ticks / 63_897.6e6 - 0.05) < 0.05 * 1e-4, "\(ticks)")
            }
        }
        guard FileManager.default.isExecutableFile(atPath: Self.tshark) else { return }
        let fields = try Self.tsharkFields(of: output, ["wpan.src16", "wpan.seq_no", "wpan.fcs_ok"])
        #expect(fields.count == captured.count)
        let fromFrames = captured.map { record in
            String(format: "0x%04x|%d|1", Int(record.frame[7]) | Int(record.frame[8]) << 8, Int(record.frame[2]))
        }
        #expect(fields == fromFrames, "\(fields.prefix(4))")
    }

    @Test("--count 5 --output - writes five frames to standard output and stops")
    func countToStandardOutput() throws {
        let service = try ServeProcess(uwb: try Self.uwb(), scenario: Self.scenario, arguments: ["--speed", "0"])
        defer { _ = service.end(with: SIGTERM) }
        let run = try CommandRun(
            ["capture", "--device", "emulator:sniffer", "--output", "-", "--count", "5"],
            environment: ["UWB_EMULATOR_SOCKET": service.socket])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("capture: 5 frames written to standard output"), "\(run.error)")
        #expect(run.error.contains("stopped: --count 5 reached"), "\(run.error)")
        let records = try PcapngReader(bytes: run.outputOctets).records
        #expect(records.count == 5)
    }

    @Test("Wireshark's extcap: installed into a HOME, tshark lists uwb-emulator and captures through it")
    func extcapThroughTshark() throws {
        let home = Self.temporary("home")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let install = try CommandRun(["capture", "--install-extcap"], environment: ["HOME": home, "XDG_CONFIG_HOME": ""])
        #expect(install.status == 0, "\(install.error)")
        let script = home + "/.config/wireshark/extcap/swift-uwb-capture"
        #expect(install.output.contains(script), "\(install.output)")
        #expect(FileManager.default.isExecutableFile(atPath: script))
        let service = try ServeProcess(uwb: try Self.uwb(), scenario: Self.scenario, arguments: ["--speed", "0"])
        defer { _ = service.end(with: SIGTERM) }
        let environment = ["UWB_EMULATOR_SOCKET": service.socket, "HOME": home, "XDG_CONFIG_HOME": "", "UWB_DEVICE": "emulator:sniffer"]
        let listing = try CommandRun(["capture", "--extcap-interfaces", "--extcap-version=4.0"], environment: environment)
        #expect(listing.output.contains("interface {value=uwb-emulator}"), "\(listing.output)")
        let dlts = try CommandRun(["capture", "--extcap-dlts", "--extcap-interface", "uwb-emulator"], environment: environment)
        #expect(dlts.output.hasPrefix("dlt {number=195}"), "\(dlts.output)")
        let config = try CommandRun(["capture", "--extcap-config", "--extcap-interface", "uwb-emulator"], environment: environment)
        #expect(config.output.contains("{call=--emulator-device}") && config.output.contains("{default=sniffer}"), "\(config.output)")
        guard FileManager.default.isExecutableFile(atPath: Self.tshark) else {
            print("tshark is not installed: the capture through Wireshark's extcap is not tested")
            return
        }
        let devices = try Self.runTshark(["-D"], environment: environment)
        #expect(devices.contains("uwb-emulator (UWB emulator service at"), "\(devices)")
        let output = Self.temporary("tshark.pcapng")
        defer { try? FileManager.default.removeItem(atPath: output) }
        _ = try Self.runTshark(["-i", "uwb-emulator", "-c", "6", "-w", output], environment: environment)
        let fields = try Self.tsharkFields(of: output, ["wpan.src16", "wpan.fcs_ok"])
        #expect(fields.count == 6, "\(fields)")
        #expect(Set(fields) == ["0x0002|1", "0x0003|1"], "\(fields)")
    }

    @Test("bad input: each gets a message saying what to change")
    func badInput() throws {
        let missingSocket = Self.temporary("no-service.sock")
        let notRunning = try CommandRun(
            ["capture", "--device", "emulator:sniffer", "--output", Self.temporary("x.pcapng"), "--count", "1"],
            environment: ["UWB_EMULATOR_SOCKET": missingSocket])
        #expect(notRunning.status == 1)
        #expect(notRunning.error.contains("Error: UWB_DEVICE=emulator:sniffer:") && notRunning.error.contains(missingSocket), "\(notRunning.error)")

        let missingDirectory = try CommandRun(["capture", "--device", "emulator:sniffer", "--output", "/nonexistent-directory/c.pcapng"])
        #expect(missingDirectory.status == 1)
        #expect(missingDirectory.error.contains("cannot write the trace to /nonexistent-directory/c.pcapng"), "\(missingDirectory.error)")

        let zero = try CommandRun(["capture", "--device", "emulator:sniffer", "--output", "-", "--count", "0"])
        #expect(zero.status != 0)
        #expect(zero.error.contains("--count 0: give a positive number of frames"), "\(zero.error)")

        let unknownInterface = try CommandRun(["capture", "--extcap-dlts", "--extcap-interface", "eth0"])
        #expect(unknownInterface.status == 1)
        #expect(unknownInterface.error.contains("eth0 is not an interface of uwb capture"), "\(unknownInterface.error)")

        let badDevice = try CommandRun(["capture", "--device", "bluetooth:x", "--output", "-"])
        #expect(badDevice.status != 0)
        #expect(badDevice.error.contains("use emulator:NAME"), "\(badDevice.error)")

        let service = try ServeProcess(uwb: try Self.uwb(), scenario: Self.scenario, arguments: ["--speed", "0"])
        defer { _ = service.end(with: SIGTERM) }
        let unknownDevice = try CommandRun(
            ["capture", "--device", "emulator:nobody", "--output", Self.temporary("y.pcapng"), "--count", "1"],
            environment: ["UWB_EMULATOR_SOCKET": service.socket])
        #expect(unknownDevice.status == 1)
        #expect(unknownDevice.error.contains("nobody") && unknownDevice.error.contains("sniffer"), "\(unknownDevice.error)")
    }

    /// tshark's `fields` of every frame of `path`, `|`-separated, one line each.
    static func tsharkFields(of path: String, _ fields: [String]) throws -> [String] {
        try runTshark(["-r", path, "-T", "fields", "-E", "separator=|"] + fields.flatMap { ["-e", $0] })
            .split(separator: "\n").map(String.init)
    }

    /// tshark's standard output; ended after 120 wall seconds (a dead peer only).
    static func runTshark(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tshark)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let output = Self.temporary("tshark-out")
        defer { try? FileManager.default.removeItem(atPath: output) }
        #expect(FileManager.default.createFile(atPath: output, contents: nil))
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date(timeIntervalSinceNow: 120)
        while process.isRunning, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        if process.isRunning {
            process.terminate()
            Issue.record("tshark \(arguments) did not end within 120 s")
        }
        process.waitUntilExit()
        return String(decoding: try Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self)
    }
}
