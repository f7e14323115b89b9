import Foundation
import Testing
import UWBTestSupport

/// The `uwb` program on UCI devices, as users run it: `uwb session` with `UWB_DEVICE=uci:…` and
/// `uwb uci info`, against a server in this process.
@Suite(.timeLimit(.minutes(10))) struct UCIProcessesTests {
    /// Runs `uwb` with `arguments` and `UWB_DEVICE=device` (unset when nil), started.
    static func uwb(_ arguments: [String], device: String?) throws -> (Process, Pipe) {
        try BuiltExecutable.startUWB(arguments, environment: ["UWB_DEVICE": device])
    }

    /// What a started process printed, once it has ended, and its status.
    static func finish(_ started: (Process, Pipe)) -> (status: Int32, text: String) {
        let text = String(decoding: started.1.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        started.0.waitUntilExit()
        return (started.0.terminationStatus, text)
    }

    @Test func twoSessionProcessesRangeOnUCIDevices() throws {
        let room = try UCITestServer(try FacingPair.emulation(seed: 41, distance: 3))
        let device = "uci:tcp://127.0.0.1:\(room.server.port)"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swift-uwb-uci-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (a, b) = (directory.appendingPathComponent("a").path, directory.appendingPathComponent("b").path)
        let first = try Self.uwb(["session", "--token-out", a, "--token-in", b, "--updates", "5", "--timeout", "120"], device: device)
        let second = try Self.uwb(["session", "--token-out", b, "--token-in", a, "--updates", "5", "--timeout", "120"], device: device)
        for (status, text) in [Self.finish(first), Self.finish(second)] {
            let distances = text.split(separator: "\n").compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["distance"] as? Double
            }
            #expect(status == 0 && distances.count == 5, "\(text)")
            #expect(distances.allSatisfy { abs($0 - 3) < 0.1 }, "\(text)")
        }
    }

    @Test func uciInfoPrintsWhatTheDeviceSays() throws {
        let room = try UCITestServer(try PhoneAndTag.emulation(distance: 2, azimuth: .zero, seed: 42))
        let (status, text) = Self.finish(try Self.uwb(["uci", "info", "--device", "uci:tcp://127.0.0.1:\(room.server.port)"], device: nil))
        #expect(status == 0, "\(text)")
        for line in ["UCI:       2.0.0 (UCI 2.0 layouts)", "vendor:    swift-uwb", "roles:     initiator, responder", "channels:  5",
                     "angles:    azimuth, elevation, figure of merit"] {
            #expect(text.contains(line), "\(text)")
        }
    }

    @Test(arguments: [
        (["uci", "info", "--device", "usb:FT1"], "is not a UCI device"),
        (["uci", "info", "--device", "uci:tcp://127.0.0.1"], "the port is missing"),
        (["uci", "info", "--device", "uci:/dev/ttyACM-nothing-here"], "cannot open the UCI device"),
    ])
    func uciInfoRefusesWhatIsNotAUCIDevice(arguments: [String], message: String) throws {
        let (status, text) = Self.finish(try Self.uwb(arguments, device: nil))
        #expect(status == 1 && text.contains(message), "\(text)")
    }

    @Test func commandsThatNeedARadioRefuseAUCIDevice() throws {
        let (status, text) = Self.finish(try Self.uwb(["registers", "--read"], device: "uci:tcp://127.0.0.1:7000"))
        #expect(status != 0 && text.contains("is a UCI device, which ranges by itself"), "\(text)")
    }
}
