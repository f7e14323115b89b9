import Foundation
import UWBCore

/// A world for the emulator to simulate: devices on boards with poses, paths and clocks, the
/// radio configuration they share, the propagation channel and obstacles, and the seed and
/// duration of the run.
///
/// Scenarios are JSON files; `Docs/scenarios.md` documents the format and `Docs/scenarios/` has
/// examples. Load one with ``load(from:boardSearchPaths:)`` or ``init(jsonData:boardSearchPaths:)``,
/// which check every value and name the field of the first problem.
public struct Scenario: Hashable, Sendable {
    /// A short description of the scenario.
    public var name: String
    /// The seed of every random draw in the run; the same seed gives the same run.
    public var seed: UInt64
    /// How much virtual time the run covers.
    public var duration: Duration
    /// The radio configuration every device uses.
    public var radio: RadioConfig
    /// The propagation channel.
    public var channel: ScenarioChannel
    /// Boxes that attenuate the links passing through them.
    public var obstacles: [Obstacle]
    /// The devices, at least one, with unique names.
    public var devices: [DeviceSpec]

    /// A scenario with the given properties. The JSON decoder checks them; this initializer does not.
    public init(
        name: String, seed: UInt64 = Scenario.defaultSeed, duration: Duration = Scenario.defaultDuration,
        radio: RadioConfig = .ranging, channel: ScenarioChannel = .default, obstacles: [Obstacle] = [],
        devices: [DeviceSpec]
    ) {
        self.name = name
        self.seed = seed
        self.duration = duration
        self.radio = radio
        self.channel = channel
        self.obstacles = obstacles
        self.devices = devices
    }

    /// The seed when a scenario has no `seed` key: 1.
    public static let defaultSeed: UInt64 = 1

    /// The duration when a scenario has no `durationSeconds` key: 10 s.
    public static let defaultDuration = Duration.seconds(10)
}
