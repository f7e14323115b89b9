/// The kinds of file `uwb plot` reads, told apart by their content.
public enum PlotInputKind: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The JSON lines of `uwb range --format jsonl` (`Docs/ranging-output.md`).
    case rangeLines
    /// The JSON lines of `uwb demo --format jsonl` (`Docs/demo-output.md`).
    case demoLines
    /// The JSON lines of `uwb locate --format jsonl` (`Docs/positioning.md`).
    case locateLines
    /// The JSON lines of `uwb calibrate pdoa --samples FILE`: one phase difference per line.
    case pdoaSamples
    /// A pcapng trace written by `--trace FILE`.
    case trace
    /// A scenario file (`Docs/scenarios.md`).
    case scenario
    /// The channel impulse response `uwb cir --format json` writes (`Docs/cir.md`), told by its
    /// ``CIRDocumentKey/kind`` marker rather than by its keys.
    case impulseResponse

    /// What the kind is, for messages: "`uwb demo` output", "a scenario", ….
    public var description: String {
        switch self {
        case .rangeLines: "`uwb range --format jsonl` output"
        case .demoLines: "`uwb demo --format jsonl` output"
        case .locateLines: "`uwb locate --format jsonl` output"
        case .pdoaSamples: "the samples of `uwb calibrate pdoa --samples`"
        case .trace: "a pcapng trace"
        case .scenario: "a scenario"
        case .impulseResponse: "`uwb cir --format json` output"
        }
    }

    /// The keys that mark a JSON line of this kind (all must be present); empty for kinds that are
    /// not JSON lines.
    var markerKeys: [String] {
        switch self {
        case .rangeLines: DistanceLineKeys.range.markers
        case .demoLines: DistanceLineKeys.demo.markers
        case .locateLines: [PositionLineKey.device, PositionLineKey.method, PositionLineKey.truth]
        case .pdoaSamples: [PDoASampleKey.chip, PDoASampleKey.pdoa]
        case .trace, .scenario, .impulseResponse: []
        }
    }

    /// The kind whose marker keys `keys` has, or `nil` for none.
    static func jsonLineKind(keys: Set<String>) -> PlotInputKind? {
        allCases.first { !$0.markerKeys.isEmpty && $0.markerKeys.allSatisfy(keys.contains) }
    }
}
