/// How `UCIServer` runs: where it listens and how its world keeps time.
public struct UCIServerSettings: Hashable, Sendable {
    /// The TCP port; 0 lets the system choose one (for tests), read back from `UCIServer.port`.
    public var port: UInt16
    /// Virtual seconds per wall-clock second; 0 runs the world as fast as it can whenever it has
    /// work, and not at all when it has none (for tests).
    public var speed: Double

    /// Settings; by default pica's port and real time.
    public init(port: UInt16 = UCIServiceConstants.defaultPort, speed: Double = 1) {
        self.port = port
        self.speed = speed
    }
}
