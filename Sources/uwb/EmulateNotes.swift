import Foundation
import UWBEmulator

/// What `uwb emulate` says on standard error about a scenario before running it: traffic that
/// will not show anything, or more than one channel can carry.
enum EmulateNotes {
    /// The notes for `scenario`, loaded from `path`; empty when there is nothing to say.
    static func notes(for scenario: Scenario, path: String) -> [String] {
        guard scenario.devices.contains(where: { $0.transmit != nil }) else {
            return ["no device of \(path) has a transmit script, so nothing is sent; "
                + "uwb range and uwb demo range between its devices"]
        }
        let share = scenario.scriptedAirtimeShare
        guard share > 1 else { return [] }
        return ["the transmit scripts of \(path) ask for \(String(format: "%.0f", share * 100)) % of the channel's airtime, "
            + "more than the 100 % one channel carries, so most frames will collide; "
            + "send less often (devices[i].transmit.intervalSeconds), shorter frames or from fewer devices"]
    }
}
