import Synchronization

/// The name the room's scenario gives itself, which pages show in their plan: the one the server
/// started with, until a page loads another.
final class ScenarioTitle: Sendable {
    private let title: Mutex<String>

    /// A title starting as `title`.
    init(_ title: String) {
        self.title = Mutex(title)
    }

    /// The title now.
    var current: String {
        get { title.withLock { $0 } }
        set { title.withLock { $0 = newValue } }
    }
}
