import UWBRanging

/// How a ``DeviceService`` runs its sessions.
public struct DeviceServiceSettings: Sendable {
    /// How many sessions may run at once on the radio; one more gets
    /// ``NIError/Code/activeSessionsLimitExceeded``. Default 8.
    public var maximumSessions: Int
    /// How long a peer that was measured may go unmeasured before the session reports it removed
    /// with ``NINearbyObject/RemovalReason/timeout``. Default 3 s. When the air is so busy that the
    /// device's rounds start late (`RangingScheduler.lateness`) and the pair ranges less often than
    /// asked, the timeout grows by five times that slowness, as far as the air explains it: a
    /// session is not removed for lack of airtime.
    public var removalTimeout: Duration
    /// The cone in which directions are reported. Default ±60° around −z.
    public var fieldOfView: FieldOfView
    /// Draws the sessions' tokens from a seeded generator instead of the system's secure one,
    /// so that a test or a demo runs the same every time. Never set it where tokens must be
    /// unpredictable. Default nil.
    public var tokenSeed: UInt64?
    /// The ranging delays and windows; nil (the default) takes the radio kind's:
    /// `RangingTiming.usb(for:)` on a USB board, `RangingTiming.emulator(for:)` on the emulator (in
    /// process or through its service). For measurements that look for
    /// the shortest reply delay a board keeps up with.
    public var timing: RangingTiming?
    /// The MAC addresses of the FiRa sessions on a UCI device; unused on a radio. Default
    /// ``UCIAddressing/short``, or what `UWB_UCI_ADDRESSES` says for the service `NISession()` opens.
    public var uciAddressing: UCIAddressing
    /// Whether sessions secure their frames (keys from the tokens, a MIC and a frame counter on
    /// every frame). Always, except in this package's own tests and benchmarks, which turn it off
    /// to show what an attack does to a stack without it and what security costs. Default true.
    package var securesFrames = true

    /// Settings with the given values.
    public init(
        maximumSessions: Int = 8, removalTimeout: Duration = .seconds(3), fieldOfView: FieldOfView = FieldOfView(),
        tokenSeed: UInt64? = nil, timing: RangingTiming? = nil, uciAddressing: UCIAddressing = .short
    ) {
        self.maximumSessions = maximumSessions
        self.removalTimeout = removalTimeout
        self.fieldOfView = fieldOfView
        self.tokenSeed = tokenSeed
        self.timing = timing
        self.uciAddressing = uciAddressing
    }
}
