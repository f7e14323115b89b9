import UCI

/// How `UCIServer` runs: where it listens, how its world keeps time, which UCI version it speaks,
/// and how much a host may leave unread or pending.
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
    /// In UCI 2.0, whether SESSION_INIT_RSP gives each session a handle that stands for it in later
    /// messages, as the specification says (the default), or answers with its status alone and the
    /// session id stays the token, as google/pica's UWBS does while reporting UCI 2.0 (its own
    /// scripts expect that). UCI 1.x has no handles either way.
    public var sessionHandles: Bool
    /// The most octets of UCI packets queued for one host and not yet taken by the kernel; a host
    /// that leaves more unread is disconnected (``UCIServiceConstants/defaultOutboxLimit``).
    public var outboxLimit: Int
    /// The most messages of one host waiting in the world at once; its reader stops reading
    /// until the world has handled one (``UCIServiceConstants/defaultInboxLimit``).
    public var inboxLimit: Int
    /// Devices of the room no host gets, by name: those that run software of their own, such as
    /// the scenario's DL-TDoA anchors (`uwb uci serve` reserves them).
    public var reservedDevices: Set<String>

    /// The UCI versions a server serves, by the name `uwb uci serve --uci-version` takes.
    public static let versionsByName: [String: UCIVersion] = ["1.1": UCIVersion(major: 1, minor: 1), "2.0": UCIServiceConstants.uciVersion]

    /// Settings; by default pica's port, real time, UCI 2.0 with session handles, the default limits
    /// and every device for hosts.
    public init(
        port: UInt16 = UCIServiceConstants.defaultPort,
        speed: Double = 1,
        uciVersion: UCIVersion = UCIServiceConstants.uciVersion,
        sessionHandles: Bool = true,
        outboxLimit: Int = UCIServiceConstants.defaultOutboxLimit,
        inboxLimit: Int = UCIServiceConstants.defaultInboxLimit,
        reservedDevices: Set<String> = []
    ) {
        self.port = port
        self.speed = speed
        self.uciVersion = uciVersion
        self.sessionHandles = sessionHandles
        self.outboxLimit = outboxLimit
        self.inboxLimit = inboxLimit
        self.reservedDevices = reservedDevices
    }
}
