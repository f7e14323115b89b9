import Foundation
import Testing
import UWBTestSupport

/// `uwb emulator serve` as a separate process, as users run it.
final class ServeProcess {
    let process = Process()
    let socket: String
    private let output = Pipe()

    /// Starts the service on `scenario` (relative to the repository, or absolute) at a fresh socket path (or `socket`) with `arguments`, and
    /// waits until it says it serves (or has ended, for a refusal).
    init(uwb: String, scenario: String = "Docs/scenarios/demo-room.json", socket: String? = nil, arguments: [String] = []) throws {
        self.socket = socket ?? "/tmp/swift-uwb-serve-\(UUID().uuidString.prefix(8)).sock"
        process.executableURL = URL(fileURLWithPath: uwb)
        process.arguments = ["emulator", "serve", "--scenario", scenario.hasPrefix("/") ? scenario : Repository.path(scenario), "--socket", self.socket] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["UWB_BOARDS_DIR"] = Repository.boardsDirectory
        process.environment = environment
        process.standardOutput = output
        process.standardError = output
        try process.run()
        firstLine = Self.line(from: output.fileHandleForReading)
    }

    /// What the service printed first: "serving …", or why it refused.
    let firstLine: String

    /// Sends `signal` and returns the rest of the output once the process has ended.
    func end(with signal: Int32) -> String {
        kill(process.processIdentifier, signal)
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return rest
    }

    /// Everything up to the first newline (or the end of the output).
    private static func line(from handle: FileHandle) -> String {
        var octets: [UInt8] = []
        while let next = try? handle.read(upToCount: 1), let octet = next.first, octet != 0x0A {
            octets.append(octet)
        }
        return String(decoding: octets, as: UTF8.self)
    }
}
