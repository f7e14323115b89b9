extension DemoReading.State {
    /// The state's name as the demo's outputs spell it: `waiting`, `ranging`, `removed` or `invalidated`.
    var name: String {
        switch self {
        case .waiting: "waiting"
        case .ranging: "ranging"
        case .removed: "removed"
        case .invalidated: "invalidated"
        }
    }

    /// Why the session ended, for `removed` and `invalidated`; nil for the other states.
    var reason: String? {
        switch self {
        case .waiting, .ranging: nil
        case .removed(let reason), .invalidated(let reason): reason
        }
    }
}
