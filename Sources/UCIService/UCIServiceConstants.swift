import UCI

/// The numbers of `uwb uci serve`, in one place with their source.
public enum UCIServiceConstants {
    /// The TCP port UCI hosts expect a virtual controller on: google/pica's default
    /// (`src/bin/server/mod.rs`, `--uci-port` 7000).
    public static let defaultPort: UInt16 = 7000
    /// The UCI generic specification version the server speaks unless told otherwise
    /// (`UCIServerSettings.uciVersion`): 2.0, the layouts the `UCI` module's codec covers fully
    /// (session handles, DATA_SND/DATA_RCV). Field encoding as in pica `src/device.rs`
    /// (`UCI_VERSION = 0x0002`).
    public static let uciVersion = UCIVersion(major: 2, minor: 0)
    /// The FiRa MAC version reported in GET_DEVICE_INFO_RSP: 1.3.0 (pica `MAC_VERSION`).
    public static let macVersion = UCIVersion(major: 1, minor: 3)
    /// The FiRa PHY version reported in GET_DEVICE_INFO_RSP: 1.3.0 (pica `PHY_VERSION`).
    public static let phyVersion = UCIVersion(major: 1, minor: 3)
    /// The UCI test specification version reported in GET_DEVICE_INFO_RSP: 1.1.0 (pica
    /// `TEST_VERSION`).
    public static let testVersion = UCIVersion(major: 1, minor: 1)
    /// The vendor information of GET_DEVICE_INFO_RSP: the project's name in ASCII.
    public static let vendorInfo = Array("swift-uwb".utf8)
    /// The sessions one UWBS holds at once; SESSION_INIT past it is answered
    /// ERROR_MAX_SESSIONS_EXCEEDED. pica's `MAX_SESSION` is 255; 5 is a typical chip's figure.
    public static let maximumSessions = 5
    /// RANGING_DURATION when the host sets none: 200 ms (FiRa UCI default, pica `app_config.rs`).
    public static let defaultRangingInterval: UInt32 = 200
    /// The shortest RANGING_DURATION accepted: a DS-TWR round on the emulator with retries must
    /// fit in it (`RangingTiming.longestRound` is a few ms); shorter ones are INVALID_RANGE.
    public static let minimumRangingInterval: UInt32 = 20
    /// How long a write may block on a host that does not read before it counts as gone
    /// (a dead peer, not a slow one: a host reads its notifications as they come). The write
    /// blocks the host's writer thread only, never the world.
    public static let sendTimeout: Duration = .seconds(5)
    /// The most octets queued for one host that has not read them (``UCIServerSettings/outboxLimit``
    /// by default): 256 KiB, about 5 000 SESSION_INFO_NTF of one measurement (about 50 octets
    /// each), so a host that pauses for seconds while ranging at the shortest interval keeps its
    /// connection, and a host that stopped reading costs the server at most this much memory
    /// before it is disconnected.
    public static let defaultOutboxLimit = 262_144
    /// The most messages of one host waiting in the world at once (``UCIServerSettings/inboxLimit``
    /// by default): 16, more than a host pipelines in a session's set-up (SESSION_INIT,
    /// SET_APP_CONFIG, SESSION_START, a few GETs), so a well-behaved host never waits, while a host
    /// that floods has at most 16 commands ahead of other hosts' in the world's queue.
    public static let defaultInboxLimit = 16
    /// The kernel send buffer of each host's socket (`SO_SNDBUF`; Linux doubles it): 32 KiB, fixed
    /// rather than autotuned (which grows to megabytes), so that what a stalled host leaves
    /// unread reaches the outbox, and its limit, after a known amount. Hundreds of notifications:
    /// plenty for a host that reads.
    static let connectionSendBuffer: Int32 = 32_768
    /// How much virtual time the world covers before its thread looks at `stop()` again.
    static let worldSlice: Duration = .milliseconds(20)
    /// Octets read from a connection at a time.
    static let readChunk = 4_096
    /// The figure of merit of an OWR-AoA angle the observer's array measured: 100 [our choice:
    /// a single frame's angle has no spread to grade it by; an angle not measured has FOM 0].
    static let oneWayAoAFigureOfMerit: UInt8 = 100
    /// The NLOS likelihood from which a measurement is reported as non-line-of-sight (NLOS 1).
    static let nlosThreshold = 0.5
}
