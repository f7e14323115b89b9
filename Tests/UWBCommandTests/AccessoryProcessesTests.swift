import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBEmulatorService
import UWBTestSupport

/// `uwb accessory` and `uwb phone` as two processes on the emulator service's DWM3000 devices,
/// talking over the socket transport: the accessory serves one phone, the phone prints its
/// distances and stops, and both end.
@Suite("An accessory and an emulated phone in separate processes on the emulator service")
struct AccessoryProcessesTests {
    /// The port `uwb accessory` printed on its first JSON line, reading its output as it comes.
    static func listeningPort(_ output: Pipe) throws -> (port: UInt16, seen: String) {
        var seen = ""
        while true {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { throw ScenarioError.noPort(seen) }
            seen += String(decoding: data, as: UTF8.self)
            for line in seen.split(separator: "\n") {
                if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], let port = object["listening"] as? Int {
                    return (UInt16(port), seen)
                }
            }
        }
    }

    enum ScenarioError: Error {
        case noPort(String)
    }

    /// The JSON objects among `text`'s lines.
    static func objects(in text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test("the phone prints five distances of about 3 m and the accessory its initialise, start, distances and stop", .timeLimit(.minutes(10)),
          arguments: ["iphone", "android"])
    func phoneAndAccessoryRange(platform: String) throws {
        let tag = UUID().uuidString.prefix(8)
        let service = try EmulatorService(
            emulation: try FacingPair.emulation(seed: 5, distance: 3, board: "ft232h-dwm3000-single"), free: ["alice", "bob"],
            socketPath: "/tmp/swift-uwb-\(tag).sock", settings: EmulatorServiceSettings())
        service.start()
        defer { service.stop() }
        let (accessory, accessoryOutput) = try BuiltExecutable.startUWB(
            ["accessory", "--log-level", "error"], environment: ["UWB_DEVICE": "emulator:bob", "UWB_EMULATOR_SOCKET": service.socketPath])
        let (port, seen) = try Self.listeningPort(accessoryOutput)
        let (phone, phoneOutput) = try BuiltExecutable.startUWB(
            ["phone", "--connect", "\(port)", "--platform", platform, "--updates", "5", "--timeout", "120", "--log-level", "error"],
            environment: ["UWB_DEVICE": "emulator:alice", "UWB_EMULATOR_SOCKET": service.socketPath])
        let phoneText = String(decoding: phoneOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        phone.waitUntilExit()
        let accessoryText = seen + String(decoding: accessoryOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        accessory.waitUntilExit()
        #expect(phone.terminationStatus == 0 && accessory.terminationStatus == 0, "\(phoneText)\n\(accessoryText)")
        let distances = Self.objects(in: phoneText).compactMap { $0["distance"] as? Double }
        #expect(distances.count == 5 && distances.allSatisfy { abs($0 - 3) < 0.15 }, "\(phoneText)")
        let events = Self.objects(in: accessoryText).compactMap { $0["event"] as? String }
        #expect(events == ["initialized", "started", "stopped"], "\(accessoryText)")
        let initialized = Self.objects(in: accessoryText).first { $0["event"] as? String == "initialized" }
        #expect(initialized?["platform"] as? String == (platform == "iphone" ? "iPhone" : "android"))
        #expect(Self.objects(in: accessoryText).contains { $0["distance"] is Double })
    }
}
