import UWBEmulator

/// A scenario's room ready for an emulator service: the emulation (set up, not yet run), the
/// devices left to apps, and where it came from. What a ``ScenarioLoader`` builds.
public struct ServedScenario {
    /// The emulation, its scenario's own software (scripts, anchors, attackers) set up.
    public var emulation: Emulation
    /// The devices apps may attach to.
    public var free: [String]
    /// The parts the devices play in positioning, by name (``PlanDevice/positioning``); a device
    /// missing plays none.
    public var positioning: [String: PositioningRole]
    /// The name the scenario gives itself (its `name`), which pages show.
    public var title: String
    /// The scenario file, for ``RoomFile/scenario``.
    public var document: ScenarioDocument?

    /// A room with the given contents.
    public init(
        emulation: Emulation, free: [String], positioning: [String: PositioningRole] = [:], title: String, document: ScenarioDocument?
    ) {
        self.emulation = emulation
        self.free = free
        self.positioning = positioning
        self.title = title
        self.document = document
    }
}
