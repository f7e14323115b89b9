/// Why the demo could not run.
enum DemoError: Error, CustomStringConvertible {
    /// The scenario's world could not be built.
    case emulation(String)
    /// A token could not be archived or unarchived.
    case tokenExchange(String)

    var description: String {
        switch self {
        case .emulation(let reason): "the demo's world could not be built: \(reason)"
        case .tokenExchange(let reason): "the demo's token exchange failed: \(reason)"
        }
    }
}
