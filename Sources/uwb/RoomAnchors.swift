import EmulatorHarness
import UWBEmulator

/// The scenario's DL-TDoA anchors in a room that serves other software (`uwb emulator serve`,
/// `uwb uci serve`): they run their rounds themselves, and apps or UCI hosts get the other devices.
enum RoomAnchors {
    /// Whether `device` is an anchor of the scenario's site.
    static func isAnchor(_ device: DeviceSpec) -> Bool {
        if case .anchor? = device.positioning { true } else { false }
    }

    /// Runs the DL-TDoA software of the scenario's anchors, returning their names (none for a
    /// scenario without anchors).
    ///
    /// - Throws: `CommandFailure` for a UL-TDoA or TWR site (its server or sessions would have to
    ///   run here too) or anchors that cannot run.
    static func run(of scenario: Scenario, on emulation: Emulation, scenarioPath: String) throws -> [String] {
        let names = scenario.devices.filter(isAnchor).map(\.name)
        guard !names.isEmpty else { return [] }
        guard scenario.positioning.method == .downlinkTDoA else {
            throw CommandFailure(
                "\(scenarioPath): a room for apps runs DL-TDoA anchors only; a UL-TDoA site needs its server and a TWR "
                    + "site its anchors' sessions, which `uwb locate --scenario` runs: use positioning.method \"dl-tdoa\" here")
        }
        do {
            try ScenarioPositioning.runDownlinkAnchors(of: scenario, on: emulation)
        } catch {
            throw CommandFailure("\(scenarioPath): \(error.description)")
        }
        return names
    }
}
