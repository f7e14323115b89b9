import Foundation
import UWBCore
import UWBEmulator

/// The per-device summary `uwb emulate` prints: only what the scenario and seed decide, so that two
/// runs print the same bytes (how long the run took goes to standard error, ``speed(wall:)``).
struct SummaryTable {
    let emulation: Emulation
    let scenario: Scenario
    let seconds: Double

    /// How fast the run went, for standard error.
    func speed(wall: Duration) -> String {
        let wallSeconds = wall.secondsValue
        return String(format: "simulated %.3f s in %.3f s of wall time (%.0f× real time)",
                      seconds, wallSeconds, wallSeconds > 0 ? seconds / wallSeconds : 0)
    }

    var text: String {
        var lines = [
            "scenario: \(scenario.name)",
            String(format: "simulated %.3f s, %d events", seconds, emulation.eventsRun),
            "",
            row("device", "sent", "received", "lost", "collided", "errors"),
        ]
        for (statistics, device) in zip(emulation.statistics, emulation.devices) {
            lines.append(row(statistics.name, "\(statistics.sent)", "\(statistics.received)", "\(statistics.lost)",
                             "\(statistics.collided)", "\(device.radio.errors.count)"))
        }
        let errors = emulation.devices.flatMap { device in device.radio.errors.prefix(3).map { "  \(device.name): \($0)" } }
        if !errors.isEmpty {
            lines.append("")
            lines.append("first driver errors:")
            lines += errors
        }
        return lines.joined(separator: "\n")
    }

    private func row(_ name: String, _ columns: String...) -> String {
        name.padding(toLength: 16, withPad: " ", startingAt: 0)
            + columns.map { String(repeating: " ", count: max(0, 10 - $0.count)) + $0 }.joined()
    }
}
