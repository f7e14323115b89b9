/// Where camera assistance stands (Apple: iOS 16), in ``NIAlgorithmConvergence/status``.
///
/// Apple reports it only for sessions that run with ``NINearbyPeerConfiguration/isCameraAssistanceEnabled``.
/// Linux has no camera assistance: a session refuses such a configuration
/// (``NIError/Code/invalidARConfiguration``), so no session here ever reports a status. The type
/// exists so that code written for iOS compiles; see `Docs/nearby-interaction.md`.
public enum NIAlgorithmConvergenceStatus: Sendable, Hashable, CustomStringConvertible {
    /// The framework cannot tell yet; a later update says more.
    case unknown
    /// Camera assistance needs the user to act, for the given reasons, before it gives a horizontal
    /// angle or vertical estimate.
    case notConverged([Reason])
    /// Camera assistance works as expected.
    case converged

    /// For example `notConverged(insufficientMovement)`.
    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .notConverged(let reasons): "notConverged(" + reasons.map(\.rawValue).joined(separator: ", ") + ")"
        case .converged: "converged"
        }
    }
}
