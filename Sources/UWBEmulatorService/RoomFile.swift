/// A file of the emulator service's run that it hands out while it runs (the page's downloads,
/// Docs/emulator-web.md): ``EmulatorService/file(_:)``.
public enum RoomFile: String, CaseIterable, Hashable, Sendable {
    /// The scenario as it stands now (``ScenarioDocument/standing(after:in:)``): JSON.
    case scenario
    /// The moves and turns so far, one ``RecordedMove`` JSON line each, as `--record-moves` writes them.
    case moves
    /// The trace (`--trace`) written so far, cut after its last whole block: pcapng.
    case trace
}
