import UWBEmulator

/// How an ``EmulatorService`` runs its world and treats its apps.
public struct EmulatorServiceSettings: Sendable {
    /// The most virtual seconds the world runs per wall second: 1 (the default) is real time, for
    /// people watching; 0 runs as fast as the apps keep up, for CI. Either way the world waits for
    /// its apps: a slow app slows it, and it does not rush to catch up afterwards.
    public var speed: Double
    /// How long an app may hold its turn, or take to finish a message it has begun, before it is
    /// disconnected and its device freed; also how long a new connection may take to say HELLO.
    /// nil never disconnects (for an app stopped in a debugger). Default 30 s.
    public var answerLimit: Duration?
    /// How many apps must be waiting on a virtual deadline (each has started ranging) before the
    /// world's clock leaves zero; 0 (the default) starts it at once. With apps that start their
    /// sessions at once, this makes a run in the fastest mode repeat exactly.
    public var startAfterApps: Int
    /// The shortest wall time between two snapshots sent to one observer (`uwb emulator watch`):
    /// each is copied under the world's lock, so an observer that asks too often is answered
    /// later, never more often. Default 50 ms: at most 20 snapshots a second, more than a
    /// terminal view redraws.
    public var snapshotInterval: Duration
    /// Whether the world runs while no app is attached, at ``speed`` (which must then be above 0):
    /// for watching a room whose devices the scenario drives (walkers, anchors) on its page. By
    /// default (false) it holds still until an app attaches.
    public var runsWithoutApps: Bool

    /// Settings with the given values.
    public init(
        speed: Double = 1, answerLimit: Duration? = .seconds(30), startAfterApps: Int = 0,
        snapshotInterval: Duration = .milliseconds(50), runsWithoutApps: Bool = false
    ) {
        self.speed = speed
        self.answerLimit = answerLimit
        self.startAfterApps = startAfterApps
        self.snapshotInterval = snapshotInterval
        self.runsWithoutApps = runsWithoutApps
    }
}
