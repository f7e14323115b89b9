import Foundation
import Testing

/// `--trace FILE` of `uwb demo` and `uwb range`, as of `uwb emulate`: every frame of the run in a
/// pcapng file, the demo's secured, the engine-level ranging's plain.
@Suite("--trace of uwb demo and uwb range")
struct TraceOptionTests {
    static let tsharkPath = "/usr/bin/tshark"

    /// A fresh path in the temporary directory.
    static func temporaryTrace() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("swift-uwb-trace-\(UUID().uuidString).pcapng").path
    }

    /// tshark's `wpan.security` and `wpan.aux_sec.key_index` of every frame of `path`, one line each.
    static func securityFields(of path: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tsharkPath)
        process.arguments = ["-r", path, "-T", "fields", "-E", "separator=|", "-e", "wpan.security", "-e", "wpan.aux_sec.key_index"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("uwb demo --trace writes the sessions' frames, secured, and says where")
    func demo() throws {
        let path = Self.temporaryTrace()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try CommandRun([
            "demo", "--scenario", "Docs/scenarios/demo-room.json", "--duration", "1", "--format", "jsonl", "--speed", "0",
            "--trace", path,
        ])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("trace: \(path)"), "\(run.error)")
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        #expect(size > 3_000, "\(size) octets")
        guard FileManager.default.isExecutableFile(atPath: Self.tsharkPath) else { return }
        let fields = try Self.securityFields(of: path)
        // Three devices, three pairs, about 10 rounds a second each; every frame secured, under the
        // initiator's or the responder's key.
        #expect(fields.count > 30)
        #expect(fields.allSatisfy { $0.hasPrefix("1|") }, "\(fields.prefix(5))")
        #expect(Set(fields) == ["1|0x01", "1|0x02"], "\(Set(fields))")
    }

    @Test("uwb range --trace writes the engine's plain frames")
    func range() throws {
        let path = Self.temporaryTrace()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try CommandRun(["range", "--scenario", "Docs/scenarios/two-devices-3m.json", "--duration", "1", "--trace", path])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("trace: \(path)"), "\(run.error)")
        guard FileManager.default.isExecutableFile(atPath: Self.tsharkPath) else { return }
        let fields = try Self.securityFields(of: path)
        #expect(fields.count > 30)
        #expect(fields.allSatisfy { $0 == "0|" }, "\(Set(fields))")
    }

    @Test("a trace file that cannot be written is an error naming it, before anything runs, without the usage line",
          arguments: [["demo", "--format", "jsonl"], ["range"], ["emulate"]])
    func unwritable(command: [String]) throws {
        let run = try CommandRun(command + [
            "--scenario", "Docs/scenarios/two-devices-3m.json", "--duration", "1", "--trace", "/nonexistent-directory/out.pcapng",
        ])
        // A problem met while running (CommandFailure), not a bad argument: status 1, not 64, and no usage.
        #expect(run.status == 1, "\(run.error)")
        #expect(run.error.hasPrefix("Error: trace: "), "\(run.error)")
        #expect(run.error.contains("/nonexistent-directory/out.pcapng"), "\(run.error)")
        #expect(!run.error.contains("Usage"), "\(run.error)")
        #expect(run.output.isEmpty)
    }
}
