import UCI

/// How `UCIServer` runs: where it listens and how its world keeps time.
public struct UCIServerSettings: Hashable, Sendable {
    /// The TCP port; 0 lets the system choose one (for tests), read back from `UCIServer.port`.
    public var port: UInt16
    /// Virtual seconds per wall-clock second; 0 runs the world as fast as it can whenever it has
    /// work, and not at all when it has none (for tests).
    public var speed: Double
    /// The UCI generic specification version the UWBSs report and speak: 2.0 (session handles,
    /// data packets) by default; a version before 2.0 (`UCIVersion(major: 1, minor: 1)`) serves
    /// UCI 1.x hosts (session ids as tokens, the 1.x multicast layouts).
    public var uciVersion: UCIVersion

    /// The UCI versions a server serves, by the name `uwb uci serve --uci-version` takes.
    public static let versionsByName: [String: UCIVersion] = ["1.1": UCIVersion(major: 1, minor: 1), "2.0": UCIServiceConstants.uciVersion]

    /// Settings; by default pica's port, real time and UCI 2.0.
    public init(port: UInt16 = UCIServiceConstants.defaultPort, speed: Double = 1, uciVersion: UCIVersion = UCIServiceConstants.uciVersion) {
        self.port = port
        self.speed = speed
        self.uciVersion = uciVersion
    }
}
