import Foundation
import UWBCore
import UWBEmulator

/// The per-device summary `uwb emulate` prints: only what the scenario and seed decide, so that two
/// runs print the same bytes (how long the run took goes to standard error, ``speed(wall:)``).
struct SummaryTable {
    /// Every device's row, in the scenario's order.
    let rows: [DeviceSummary]
    /// How many events the world ran.
    let events: Int
    let scenario: Scenario
    let seconds: Double

    /// The summary of `emulation`, run for `seconds` of `scenario`.
    init(emulation: Emulation, scenario: Scenario, seconds: Double) {
        self.init(rows: DeviceSummary.rows(of: emulation), events: emulation.eventsRun, scenario: scenario, seconds: seconds)
    }

    /// The summary of `rows`, in any order, and `events`.
    init(rows: [DeviceSummary], events: Int, scenario: Scenario, seconds: Double) {
        self.rows = rows.sorted { $0.index < $1.index }
        self.events = events
        self.scenario = scenario
        self.seconds = seconds
    }

    /// How fast the run went, for standard error.
    func speed(wall: Duration) -> String {
        let wallSeconds = wall.secondsValue
        return String(format: "simulated %.3f s in %.3f s of wall time (%.0f× real time)",
                      seconds, wallSeconds, wallSeconds > 0 ? seconds / wallSeconds : 0)
    }

    var text: String {
        var lines = [
            "scenario: \(scenario.name)",
            String(format: "simulated %.3f s, %d events", seconds, events),
            "",
            row("device", "sent", "received", "lost", "collided", "errors"),
        ]
        for device in rows {
            lines.append(row(device.name, "\(device.sent)", "\(device.received)", "\(device.lost)",
                             "\(device.collided)", "\(device.errorCount)"))
        }
        let errors = rows.flatMap { device in device.firstErrors.map { "  \(device.name): \($0)" } }
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
