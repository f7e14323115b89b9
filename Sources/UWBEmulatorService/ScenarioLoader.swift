/// How an emulator service builds the room of another scenario when asked to load one
/// (``EmulatorService/load(_:)``): the names it may load, and the code that builds a room, which the
/// program that runs the service passes down (`uwb emulator serve` builds its rooms with its
/// scenario's anchors and attackers, which this module does not know).
public struct ScenarioLoader: Sendable {
    /// The scenarios that may be loaded, by the names ``build`` takes.
    public var names: [String]
    /// Builds the room of the scenario named (one of ``names``).
    public var build: @Sendable (String) throws(ScenarioLoadError) -> ServedScenario

    /// A loader of `names` building rooms with `build`.
    public init(names: [String], build: @escaping @Sendable (String) throws(ScenarioLoadError) -> ServedScenario) {
        self.names = names
        self.build = build
    }
}
