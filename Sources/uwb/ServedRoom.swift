import EmulatorHarness
import UWBEmulator
import UWBEmulatorService

/// The room `uwb emulator serve` builds of a scenario: its emulation with the scenario's attackers
/// and DL-TDoA anchors running, the devices left to apps, and the scenario's file; the same for the
/// scenario it starts with and for one a page loads.
struct ServedRoom {
    /// The scenario as read.
    let scenario: Scenario
    /// What the service serves.
    let served: ServedScenario
    /// The DL-TDoA anchors running their rounds.
    let anchors: [String]

    /// The room of the scenario at `path` (a file, or a shipped scenario's name), run with `seed`
    /// instead of its own if given, its world split into as many parts as `threading` says (decision
    /// 0030), or at most as many as it can be if `fitting`.
    ///
    /// - Throws: ``CommandFailure`` for a scenario that cannot be read, run or split into that many
    ///   parts, or that leaves no device free for apps.
    init(path: String, seed: UInt64?, threading: ThreadsOption, fitting: Bool = false) throws {
        let document: ScenarioDocument
        let emulation: Emulation
        do {
            document = try ScenarioDocument(path: path, seed: seed)
            scenario = try Scenario.load(from: path)
            let maximum = ScenarioPartition.maximumParts(of: scenario)
            // One part unless --threads says otherwise: apps' turns seldom come within a lookahead of
            // each other, so parts rarely let two take turns at once (Docs/benchmarks.md).
            let parts = threading.parts(maximum: maximum, preferred: 1)
            emulation = try Emulation.withAttackers(scenario: scenario, seed: seed, parts: fitting ? min(parts, maximum) : parts)
        } catch let error as ScenarioError {
            throw CommandFailure(error.description)
        } catch let error as EmulationError {
            throw CommandFailure(error.description)
        }
        anchors = try RoomAnchors.run(of: scenario, on: emulation, scenarioPath: path)
        let free = scenario.devices.filter { device in device.transmit == nil && !RoomAnchors.isAnchor(device) }.map(\.name)
        guard !free.isEmpty else {
            throw CommandFailure(
                "every device of \(path) has a transmit script, so none is free for apps; remove the script of the devices apps should drive")
        }
        served = ServedScenario(
            emulation: emulation, free: free, positioning: Self.positioning(of: scenario), title: scenario.name, document: document)
    }

    /// The parts `scenario`'s devices play in positioning, by name.
    static func positioning(of scenario: Scenario) -> [String: PositioningRole] {
        Dictionary(scenario.devices.compactMap { device in device.positioning.map { (device.name, $0) } }) { first, _ in first }
    }

    /// What a page may load in place of the scenario at `path` (its name, and the shipped
    /// scenarios'), each built as `uwb emulator serve` builds its room, with `seed` if given, in as many
    /// parts as `threading` says or as the scenario can be split into, whichever is fewer.
    static func loader(startedWith path: String, seed: UInt64?, threading: ThreadsOption) -> ScenarioLoader {
        ScenarioLoader(names: [path] + Scenario.shippedNames.filter { $0 != path }) { name throws(ScenarioLoadError) in
            do {
                return try ServedRoom(path: name, seed: seed, threading: threading, fitting: true).served
            } catch {
                throw .cannotBuild(name, reason: "\(error)")
            }
        }
    }
}
