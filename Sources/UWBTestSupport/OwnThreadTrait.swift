import Testing

/// A trait that runs a test's body, or every test of a suite, on an ``OwnThreadExecutor`` of its
/// own (a thread for each test, which stays for the rest of the process): for asynchronous tests
/// that await work done on other threads, which the shared pool of a loaded two-core machine would
/// otherwise leave waiting behind long synchronous tests. Each test has its own thread, so one that
/// blocks it (starting a helper process, say) holds up no other.
public struct OwnThreadTrait: SuiteTrait, TestTrait, TestScoping {
    /// Every test of a suite it is given to.
    public var isRecursive: Bool { true }

    /// Runs `function` on the executor's thread.
    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await OwnThreadExecutor(name: "swift-uwb.test").run { try await function() }
    }
}

extension Trait where Self == OwnThreadTrait {
    /// Runs the test, or every test of the suite, on a thread of its own (``OwnThreadTrait``).
    public static var onOwnThread: Self { OwnThreadTrait() }
}
