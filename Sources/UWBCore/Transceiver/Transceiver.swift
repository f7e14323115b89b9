/// A UWB radio that sends and receives timestamped frames: what the ranging engine talks to.
///
/// The radio core is event-driven, so every operation here is synchronous and quick: each is a few
/// register transactions and none waits for the air. Whoever owns the radio runs a *radio loop*
/// on one thread: it waits for the interrupt (``waitForInterrupt(until:)`` on hardware; on the
/// in-process emulator the discrete-event simulator raises it in virtual time), calls
/// ``handleInterrupt()`` to learn what happened, hands the events to the ranging state machines,
/// and carries out the commands they return through the other operations. There is no `async`,
/// no clock read and no sleep below the loop, which is what makes virtual time deterministic.
///
/// A transceiver is not `Sendable`: it belongs to its radio loop.
public protocol Transceiver: AnyObject {
    /// What this radio can do.
    var capabilities: TransceiverCapabilities { get }

    /// Applies a radio configuration. Call it before any other operation and whenever the
    /// configuration changes; it leaves the radio idle.
    ///
    /// - Throws: ``TransceiverError`` if the radio could not be configured.
    func configure(_ config: RadioConfig) throws(TransceiverError)

    /// Reads the radio's free-running 40-bit clock.
    ///
    /// - Throws: ``TransceiverError`` if the clock could not be read.
    func systemTime() throws(TransceiverError) -> DeviceTime

    /// Schedules `frame` (the MAC frame without its FCS, which the radio appends) to leave the
    /// antenna at `time` and returns the TX timestamp it will carry.
    ///
    /// The radio starts transmissions on a coarse grid (``TransceiverCapabilities/delayedTransmitGranularity``),
    /// so the returned timestamp is `time` rounded down to that grid plus the TX antenna delay. Put it
    /// in the frame itself if the peer needs it: it is exact before the frame is sent.
    ///
    /// - Parameters:
    ///   - frame: the MAC frame without its FCS.
    ///   - time: when the frame should leave the antenna, by this radio's clock.
    ///   - response: if given, the receiver turns on by itself after the frame is sent.
    /// - Returns: the TX timestamp the frame will carry.
    /// - Throws: ``TransceiverError/lateTransmission(scheduled:)`` if `time` has already passed,
    ///   or another ``TransceiverError``.
    @discardableResult
    func transmit(_ frame: [UInt8], at time: DeviceTime, awaiting response: ResponseWindow?) throws(TransceiverError) -> DeviceTime

    /// Sends `frame` (without FCS) as soon as possible; the timestamp arrives with
    /// ``TransceiverEvent/transmitted(at:)``.
    ///
    /// - Parameters:
    ///   - frame: the MAC frame without its FCS.
    ///   - response: if given, the receiver turns on by itself after the frame is sent.
    /// - Throws: ``TransceiverError`` if the frame could not be queued.
    func transmitImmediately(_ frame: [UInt8], awaiting response: ResponseWindow?) throws(TransceiverError)

    /// Loads the scrambled timestamp sequence (STS) of the session's frame number `index` for the
    /// next frame sent or received: the IV ``SecureTimestampConfiguration/initializationVector(forFrame:)``
    /// gives. The radio advances to the next frame's by itself after each frame with an STS; a
    /// ranging round loads its frame's before each frame it sends or listens for, so that a frame
    /// the receiver never detected cannot leave the two peers a frame apart
    /// (`Docs/decisions/0023-sts-counters-from-frame-counters.md`).
    ///
    /// Does nothing on a radio configured without an STS (and on a DW1000, which has none).
    ///
    /// - Throws: ``TransceiverError`` if the radio could not be reached.
    func loadSecureTimestampSequence(frame index: UInt32) throws(TransceiverError)

    /// Turns the receiver on for one frame.
    ///
    /// - Throws: ``TransceiverError`` if the receiver could not be enabled (a delayed start that
    ///   has already passed gives ``TransceiverError/lateReception(scheduled:)``).
    func enableReceiver(_ window: ReceiveWindow) throws(TransceiverError)

    /// Aborts any transmission or reception and leaves the radio idle.
    ///
    /// - Throws: ``TransceiverError`` if the radio could not be reached.
    func turnOff() throws(TransceiverError)

    /// Reads and clears what the radio signalled and returns it as events, in the order they happened.
    ///
    /// Call it whenever the interrupt line is asserted. It returns an empty array if nothing
    /// the transceiver reports has happened.
    ///
    /// - Throws: ``TransceiverError`` if the radio could not be read.
    func handleInterrupt() throws(TransceiverError) -> [TransceiverEvent]

    /// Reads the channel impulse response (CIR) the radio accumulated while receiving its last good
    /// frame: the taps `samples` of `accumulator`, or all its valid taps when `samples` is `nil`.
    ///
    /// Read it after ``TransceiverEvent/frameReceived(_:)`` and before the receiver is turned on
    /// again: the next reception, good or not, accumulates over it. The read is long (about 4 KiB
    /// on a DW1000, 6 KiB on a DW3000 for a whole accumulator) and forces the chip's accumulator
    /// clocks on while it lasts, so keep it off the ranging path.
    ///
    /// - Parameters:
    ///   - accumulator: which accumulator: ``ImpulseResponseAccumulator/preamble`` on every radio,
    ///     the STS ones on a radio configured with an STS that has them.
    ///   - samples: the accumulator indices to read, within `0..<`
    ///     ``ChannelImpulseResponse/accumulatorLength``; `nil` for all of them.
    /// - Throws: ``TransceiverError/noReceptionToRead`` if no good frame has been received since
    ///   ``configure(_:)``; ``TransceiverError/accumulatorUnavailable(_:reason:)`` for an
    ///   accumulator the radio lacks or leaves empty in its configuration;
    ///   ``TransceiverError/samplesOutsideAccumulator(requested:valid:accumulator:)`` for an empty
    ///   range or one that reaches outside the accumulator; ``TransceiverError/bus(_:)``.
    func readChannelImpulseResponse(
        _ accumulator: ImpulseResponseAccumulator, samples: Range<Int>?
    ) throws(TransceiverError) -> ChannelImpulseResponse

    /// Blocks until the radio asserts its interrupt line or the deadline passes; for radio loops
    /// that run against the wall clock.
    ///
    /// - Returns: `true` if the interrupt is asserted.
    /// - Throws: ``TransceiverError`` if the line could not be read.
    func waitForInterrupt(until deadline: ContinuousClock.Instant) throws(TransceiverError) -> Bool
}
