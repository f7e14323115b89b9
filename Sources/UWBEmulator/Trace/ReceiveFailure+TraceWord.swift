import UWBCore

extension ReceiveFailure {
    /// The word naming this failure in a trace's per-frame comment (`failure=WORD`, see
    /// `TraceMetadataComment`) and in `uwb capture`'s summary: part of the trace format, so never
    /// renamed.
    public var traceWord: String {
        switch self {
        case .frameCheckFailed: "frame-check"
        case .phyHeaderError: "phy-header"
        case .reedSolomonSyncLoss: "reed-solomon-sync-loss"
        case .sfdTimeout: "sfd-timeout"
        case .preambleTimeout: "preamble-timeout"
        case .leadingEdgeDetectionFailed: "leading-edge"
        case .frameFilterRejected: "frame-filter"
        }
    }

    /// The failure `word` names in a trace, if any.
    init?(traceWord word: Substring) {
        guard let failure = Self.allCases.first(where: { $0.traceWord == word }) else { return nil }
        self = failure
    }
}
