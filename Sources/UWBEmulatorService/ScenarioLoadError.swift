/// Why an emulator service did not load another scenario (``EmulatorService/load(_:)``); its room
/// is then as it was.
public enum ScenarioLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// This service does not load scenarios; the sentence says why.
    case notAllowed(String)
    /// The name is not one it may load.
    case unknown(String, allowed: [String])
    /// The scenario's room could not be built.
    case cannotBuild(String, reason: String)

    /// Why, and what to do.
    public var description: String {
        switch self {
        case .notAllowed(let reason):
            reason
        case .unknown(let name, let allowed):
            "no scenario \"\(name)\" to load; the service may load " + allowed.joined(separator: ", ")
        case .cannotBuild(let name, let reason):
            "the scenario \(name) cannot be loaded: \(reason)"
        }
    }
}
