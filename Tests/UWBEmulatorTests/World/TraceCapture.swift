import Foundation
import UWBCore
import UWBEmulator

/// Runs a world with its trace streamed to a temporary file and hands back the file's octets.
enum TraceCapture {
    /// Starts `world`'s trace in a temporary file, runs the world until `end`, finishes the trace
    /// and returns the file's octets (the file is removed).
    static func bytes(of world: Emulation, until end: SimulationTime) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("swift-uwb-trace-\(UUID().uuidString).pcapng").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try world.startTrace(writingTo: path)
        world.run(until: end)
        try world.finishTrace()
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
