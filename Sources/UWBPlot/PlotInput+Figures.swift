import UWBEmulator

/// The input each figure needs, with a message naming what was given instead.
extension PlotInput {
    /// What `uwb plot distance` and `uwb plot error` need, for messages.
    static let neededDistances = "the JSON lines of `uwb range --format jsonl` or `uwb demo --format jsonl`"
    /// What `uwb plot pdoa` needs, for messages.
    static let neededPDoA = PlotInputKind.pdoaSamples.description
    /// What `uwb plot trace` needs, for messages.
    static let neededTrace = "a pcapng trace written with --trace FILE (by `uwb emulate`, `uwb range` or `uwb demo`)"
    /// What `uwb plot cir` needs, for messages.
    static let neededImpulseResponse = "the output of `uwb cir --format json`"
    /// What `uwb plot room --run` takes, for messages.
    static let neededRoomRun = "the JSON lines of `uwb range`, `uwb demo` or `uwb locate` with --format jsonl"
    /// What `uwb plot room --scenario` needs, for messages.
    static let neededScenario = "a scenario (Docs/scenarios.md)"

    /// The positions of `uwb locate` output, for the figure named `figure` from the file at `path`,
    /// or `nil` for distances (`uwb range` or `uwb demo` output).
    ///
    /// - Throws: ``PlotError/wrongKind(path:found:figure:needed:)`` for any other kind.
    public func positionsOrDistances(figure: String, path: String) throws(PlotError) -> [PositionSample]? {
        switch self {
        case .positions(let samples): return samples
        case .distances: return nil
        default: throw .wrongKind(path: path, found: kind, figure: figure, needed: Self.neededRoomRun)
        }
    }

    /// The distance samples, for the figure named `figure` (its subcommand) from the file at `path`.
    ///
    /// - Throws: ``PlotError/wrongKind(path:found:figure:needed:)`` for any other kind.
    public func distances(figure: String, path: String) throws(PlotError) -> [DistanceSample] {
        guard case .distances(_, let samples) = self else {
            throw .wrongKind(path: path, found: kind, figure: figure, needed: Self.neededDistances)
        }
        return samples
    }

    /// The phase-difference samples, for the figure named `figure` from the file at `path`.
    ///
    /// - Throws: ``PlotError/wrongKind(path:found:figure:needed:)`` for any other kind.
    public func pdoaSamples(figure: String, path: String) throws(PlotError) -> [PDoASample] {
        guard case .pdoa(let samples) = self else {
            throw .wrongKind(path: path, found: kind, figure: figure, needed: Self.neededPDoA)
        }
        return samples
    }

    /// The trace's records, for the figure named `figure` from the file at `path`.
    ///
    /// - Throws: ``PlotError/wrongKind(path:found:figure:needed:)`` for any other kind.
    public func traceRecords(figure: String, path: String) throws(PlotError) -> [TraceRecord] {
        guard case .trace(let records) = self else {
            throw .wrongKind(path: path, found: kind, figure: figure, needed: Self.neededTrace)
        }
        return records
    }

    /// The scenario, for the figure named `figure` from the file at `path`.
    ///
    /// - Throws: ``PlotError/wrongKind(path:found:figure:needed:)`` for any other kind.
    public func scenario(figure: String, path: String) throws(PlotError) -> Scenario {
        guard case .scenario(let scenario) = self else {
            throw .wrongKind(path: path, found: kind, figure: figure, needed: Self.neededScenario)
        }
        return scenario
    }

    /// The channel impulse response, for the figure named `figure` from the file at `path`.
    ///
    /// - Throws: ``PlotError/wrongKind(path:found:figure:needed:)`` for any other kind.
    public func impulseResponse(figure: String, path: String) throws(PlotError) -> CIRDocument {
        guard case .impulseResponse(let document) = self else {
            throw .wrongKind(path: path, found: kind, figure: figure, needed: Self.neededImpulseResponse)
        }
        return document
    }
}
