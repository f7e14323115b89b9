import UWBCore

/// The delays and windows of a ranging round, for one radio configuration.
///
/// Every reply goes out by delayed TX ``replyDelay`` after the RX timestamp of the frame it
/// answers. The radio starts a frame's preamble and SFD *before* the timestamped RMARKER, and the
/// host can only schedule the reply once the whole received frame is in and it has reacted, so
/// the delay must exceed (rest of the received frame) + (host time) + (the reply's preamble and
/// SFD), which is at most the longest ranging frame's airtime plus the host time.
/// `Docs/ranging-protocol.md` explains the defaults.
public struct RangingTiming: Hashable, Sendable {
    /// The radio configuration the airtimes are computed for.
    public let configuration: RadioConfig
    /// From the RX timestamp of a frame to the TX timestamp of its reply (RESPONSE, FINAL, REPORT).
    public let replyDelay: DeviceDuration
    /// From ``RangingInput/start(now:)`` (or a retry's timer) to the POLL's TX timestamp.
    public let startDelay: DeviceDuration
    /// How early the receiver turns on before a reply's preamble is due, and how long it stays on
    /// after the reply should have ended. It must cover the receiver's start-up (the DW1000 hunts
    /// for preamble only 16 µs after it is enabled, UM §7.2.15), the response-delay register's
    /// 1.0256 µs steps, clock offsets, the time of flight and the delayed-TX grid.
    public let listenMargin: DeviceDuration
    /// How many times the initiator retries a failed round (with a new round number) before it
    /// reports the failure.
    public let retries: Int
    /// How long the initiator waits before a retry.
    public let retryDelay: Duration
    /// On multi-chip boards: how long a side waits after chip 0 received its last frame of a round
    /// for the other chips' receptions of it before completing without the missing ones.
    public let receiverGrace: Duration

    /// A timing with the given values.
    ///
    /// - Throws: ``RangingTimingError/negative(_:)`` for a negative value, or
    ///   ``RangingTimingError/replyDelayTooShort(_:minimum:)`` if `replyDelay` is below the
    ///   longest ranging frame's airtime plus `listenMargin`.
    public init(
        configuration: RadioConfig, replyDelay: DeviceDuration, startDelay: DeviceDuration, listenMargin: DeviceDuration,
        retries: Int, retryDelay: Duration, receiverGrace: Duration
    ) throws(RangingTimingError) {
        for (value, name) in [(startDelay, "the start delay"), (listenMargin, "the listening margin")] where value < .zero {
            throw .negative(name)
        }
        guard retries >= 0 else { throw .negative("the number of retries") }
        guard retryDelay >= .zero else { throw .negative("the retry delay") }
        guard receiverGrace >= .zero else { throw .negative("the receiver grace time") }
        let minimum = Self.longestAirtime(configuration) + listenMargin
        guard replyDelay >= minimum else { throw .replyDelayTooShort(replyDelay, minimum: minimum) }
        self.init(
            checked: configuration, replyDelay: replyDelay, startDelay: startDelay, listenMargin: listenMargin,
            retries: retries, retryDelay: retryDelay, receiverGrace: receiverGrace)
    }

    /// Stores values already known to be consistent.
    private init(
        checked configuration: RadioConfig, replyDelay: DeviceDuration, startDelay: DeviceDuration,
        listenMargin: DeviceDuration, retries: Int, retryDelay: Duration, receiverGrace: Duration
    ) {
        self.configuration = configuration
        self.replyDelay = replyDelay
        self.startDelay = startDelay
        self.listenMargin = listenMargin
        self.retries = retries
        self.retryDelay = retryDelay
        self.receiverGrace = receiverGrace
    }

    /// Tight timing for the in-process emulator, whose loop reacts within microseconds of virtual
    /// time: host allowance 50 µs, margin 30 µs (16 µs of it the receiver's start-up), 2 retries 1 ms apart, 20 µs grace.
    /// At ``RadioConfig/ranging`` (6.8 Mbps, 128 symbols) the reply delay is 273 µs.
    public static func emulator(for configuration: RadioConfig) -> RangingTiming {
        derived(for: configuration, hostAllowance: .microseconds(50), margin: .microseconds(30),
                retryDelay: .milliseconds(1), receiverGrace: .microseconds(20))
    }

    /// Wide timing for a DW1000 behind a USB bridge, where each register transaction costs a USB
    /// round trip and reacting to a frame takes about ten of them: host allowance 5 ms, margin
    /// 50 µs, 2 retries 20 ms apart, 5 ms grace. At ``RadioConfig/ranging`` the reply delay is 5.223 ms.
    public static func usb(for configuration: RadioConfig) -> RangingTiming {
        derived(for: configuration, hostAllowance: .milliseconds(5), margin: .microseconds(50),
                retryDelay: .milliseconds(20), receiverGrace: .milliseconds(5))
    }

    /// Reply delay = longest ranging frame's airtime + host allowance, rounded up to a whole µs;
    /// start delay = preamble and SFD + host allowance, rounded up likewise.
    private static func derived(
        for configuration: RadioConfig, hostAllowance: Duration, margin: Duration, retryDelay: Duration,
        receiverGrace: Duration
    ) -> RangingTiming {
        let longest = configuration.airtime(frameLength: RangingMessageType.report.frameLength(secured: true))
        return RangingTiming(
            checked: configuration,
            replyDelay: wholeMicroseconds(longest + hostAllowance),
            startDelay: wholeMicroseconds(configuration.synchronisationHeaderDuration + hostAllowance),
            listenMargin: ticks(margin), retries: 2, retryDelay: retryDelay, receiverGrace: receiverGrace)
    }

    /// This timing with both the reply delay and the start delay set to `delay`, everything else
    /// kept: for finding the shortest delay a radio keeps up with.
    ///
    /// - Throws: ``RangingTimingError/replyDelayTooShort(_:minimum:)`` below the longest ranging
    ///   frame's airtime plus the listening margin.
    public func withDelays(_ delay: Duration) throws(RangingTimingError) -> RangingTiming {
        let ticks = DeviceDuration(ticks: Int64((delay.secondsValue * DeviceClock.ticksPerSecond).rounded()))
        return try RangingTiming(
            configuration: configuration, replyDelay: ticks, startDelay: ticks, listenMargin: listenMargin,
            retries: retries, retryDelay: retryDelay, receiverGrace: receiverGrace)
    }

    /// An upper bound on one round with its retries. An attempt lasts the start delay, three reply
    /// delays (RESPONSE, FINAL, REPORT), REPORT's airtime, the listening margin and the receivers'
    /// grace; the pauses between attempts come on top.
    public var longestRound: Duration {
        let attempt = startDelay.seconds + 3 * replyDelay.seconds + airtime(.report).seconds + listenMargin.seconds
            + receiverGrace.secondsValue
        let total = attempt * Double(retries + 1) + retryDelay.secondsValue * Double(retries)
        return .nanoseconds(Int64((total * 1e9).rounded(.up)))
    }

    /// The response window to open after sending `sent` when `reply` is due ``replyDelay`` after it.
    ///
    /// The receiver turns on ``listenMargin`` before the reply's preamble is due, that is
    /// `replyDelay − airtime(sent) − margin` after `sent` ends, and waits for the reply's whole
    /// airtime plus two margins.
    public func responseWindow(after sent: RangingMessageType, expecting reply: RangingMessageType) -> ResponseWindow {
        ResponseWindow(
            delay: replyDelay - airtime(sent) - listenMargin,
            timeout: airtime(reply) + listenMargin + listenMargin)
    }

    /// `window`, planned after a secured frame of `type`, for the frame of `length` octets (FCS
    /// not counted) actually sent: it opens as much later as that frame ends sooner (a plain
    /// frame is shorter), so at the same moment, and closes at the same moment too. A window
    /// without a timeout (listening on after the frame) is left as it is.
    func window(_ window: ResponseWindow, plannedAfter type: RangingMessageType, sending length: Int) -> ResponseWindow {
        guard window.timeout != nil else { return window }
        let shorter = airtime(type) - airtime(frameLength: length + RangingFrameFormat.frameCheckSequenceLength)
        return ResponseWindow(delay: window.delay + shorter, timeout: window.timeout)
    }

    /// When a window opened with ``responseWindow(after:expecting:)`` for a frame stamped `sent`
    /// closes at the latest, by the receiver's clock.
    public func deadline(afterTransmissionAt sent: DeviceTime, expecting reply: RangingMessageType) -> DeviceTime {
        sent + replyDelay + airtime(reply) - Self.ticks(configuration.synchronisationHeaderDuration) + listenMargin
    }

    /// The time between consecutive slots of a group round (``GroupRoundSchedule``): the reply
    /// delay plus the listening margin. Between the end of one slot's frame (at most a REPORT with
    /// a MIC) and the next slot's preamble, the initiator then has the host allowance to take the
    /// frame and the margin to turn its receiver on again.
    public var slotSpacing: DeviceDuration {
        replyDelay + listenMargin
    }

    /// The airtime of a secured ranging frame of `type` (a plain one is shorter), in whole ticks
    /// rounded up.
    public func airtime(_ type: RangingMessageType) -> DeviceDuration {
        Self.ticks(configuration.airtime(frameLength: type.frameLength(secured: true)))
    }

    /// The airtime of a frame of `frameLength` octets (FCS included), in whole ticks rounded up.
    func airtime(frameLength: Int) -> DeviceDuration {
        Self.ticks(configuration.airtime(frameLength: frameLength))
    }

    /// The preamble and SFD, which a frame sends before its RMARKER, in whole ticks rounded up.
    var synchronisationHeader: DeviceDuration {
        Self.ticks(configuration.synchronisationHeaderDuration)
    }

    /// The airtime of the longest frame a responder sends (a secured REPORT).
    static func longestAirtime(_ configuration: RadioConfig) -> DeviceDuration {
        ticks(configuration.airtime(frameLength: RangingMessageType.report.frameLength(secured: true)))
    }

    /// `duration` in whole device ticks, rounded up (airtimes and delays here are below a second).
    static func ticks(_ duration: Duration) -> DeviceDuration {
        DeviceDuration(ticks: Int64((duration.secondsValue * DeviceClock.ticksPerSecond).rounded(.up)))
    }

    /// `duration` rounded up to a whole microsecond, in ticks.
    static func wholeMicroseconds(_ duration: Duration) -> DeviceDuration {
        ticks(.microseconds((duration.secondsValue * 1_000_000).rounded(.up)))
    }
}
