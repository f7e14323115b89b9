import Foundation
import UWBEmulator

/// A process's command name, as Linux keeps it in `/proc/PID/comm`.
enum ProcessName {
    /// The command name of process `processID`, nil if it is gone or the system has no `/proc`.
    static func of(_ processID: Int32) -> String? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(processID)/comm") else { return nil }
        let name = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? nil : name
    }
}
