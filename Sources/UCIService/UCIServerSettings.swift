/// How `UCIServer` runs: where it listens, how its world keeps time, and how much a host may
/// leave unread or pending.
public struct UCIServerSettings: Hashable, Sendable {
    /// The TCP port; 0 lets the system choose one (for tests), read back from `UCIServer.port`.
    public var port: UInt16
    /// Virtual seconds per wall-clock second; 0 runs the world as fast as it can whenever it has
    /// work, and not at all when it has none (for tests).
    public var speed: Double
    /// The most octets of UCI packets queued for one host and not yet taken by the kernel; a host
    /// that leaves more unread is disconnected (``UCIServiceConstants/defaultOutboxLimit``).
    public var outboxLimit: Int
    /// The most messages of one host waiting in the world at once; its reader stops reading
    /// until the world has handled one (``UCIServiceConstants/defaultInboxLimit``).
    public var inboxLimit: Int

    /// Settings; by default pica's port, real time and the default limits.
    public init(
        port: UInt16 = UCIServiceConstants.defaultPort,
        speed: Double = 1,
        outboxLimit: Int = UCIServiceConstants.defaultOutboxLimit,
        inboxLimit: Int = UCIServiceConstants.defaultInboxLimit
    ) {
        self.port = port
        self.speed = speed
        self.outboxLimit = outboxLimit
        self.inboxLimit = inboxLimit
    }
}
