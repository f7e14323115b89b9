/// Why a ``SessionMesh`` could not be set up.
public enum SessionMeshError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The scenario's world could not be built.
    case emulation(String)
    /// A token could not be archived or unarchived.
    case tokenExchange(String)

    /// What went wrong.
    public var description: String {
        switch self {
        case .emulation(let reason): "the world could not be built: \(reason)"
        case .tokenExchange(let reason): "the token exchange failed: \(reason)"
        }
    }
}
