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
    /// (a dead peer, not a slow one: a host reads its notifications as they come).
    public static let sendTimeout: Duration = .seconds(5)
    /// How much virtual time the world covers before its thread looks at `stop()` again.
    static let worldSlice: Duration = .milliseconds(20)
    /// Octets read from a connection at a time.
    static let readChunk = 4_096
    /// The TCP listen backlog.
    static let listenBacklog: Int32 = 16
    /// The NLOS likelihood from which a measurement is reported as non-line-of-sight (NLOS 1).
    static let nlosThreshold = 0.5
}
