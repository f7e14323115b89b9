/// Signal and clock measurements a radio makes while receiving one frame.
public struct ReceptionDiagnostics: Hashable, Sendable {
    /// The estimated total received level (DW1000 User Manual §4.7.2).
    public var receivedLevel: PowerLevel

    /// The estimated level of the first path alone (UM §4.7.1). Much weaker than
    /// ``receivedLevel`` suggests the direct path is blocked.
    public var firstPathLevel: PowerLevel

    /// How fast the transmitter's clock runs relative to the receiver's, from the carrier
    /// recovery loop: positive when the transmitter is faster.
    public var clockOffset: ClockOffset

    /// The carrier phase at the RMARKER (DW1000 RCPHASE).
    public var carrierPhase: Angle

    /// Where the first path lies in the channel impulse response, in samples (about 1 ns each).
    public var firstPathIndex: Double

    /// How many preamble symbols the receiver accumulated.
    public var preambleSymbolsAccumulated: Int

    /// The carrier phase of the first path relative to the receiver's carrier recovery, on radios
    /// that measure it (boards with several coherent receivers); `nil` otherwise. Differences of
    /// this phase between receivers on one clock give the angle of arrival.
    public var firstPathPhase: Angle?

    /// The secure timestamp measured on the frame's STS, on radios that received one
    /// (``SecureTimestampReading``); `nil` for frames without an STS and for DW1000 radios.
    public var secureTimestamp: SecureTimestampReading?

    /// The phase difference of arrival between the chip's second and first antenna port
    /// (second minus first, wrapped to ±π), on chips with two ports (DW3x20); `nil` otherwise.
    public var phaseDifference: Angle?

    /// Diagnostics with the given values.
    public init(
        receivedLevel: PowerLevel,
        firstPathLevel: PowerLevel,
        clockOffset: ClockOffset,
        carrierPhase: Angle,
        firstPathIndex: Double,
        preambleSymbolsAccumulated: Int,
        firstPathPhase: Angle? = nil,
        secureTimestamp: SecureTimestampReading? = nil,
        phaseDifference: Angle? = nil
    ) {
        self.receivedLevel = receivedLevel
        self.firstPathLevel = firstPathLevel
        self.clockOffset = clockOffset
        self.carrierPhase = carrierPhase
        self.firstPathIndex = firstPathIndex
        self.preambleSymbolsAccumulated = preambleSymbolsAccumulated
        self.firstPathPhase = firstPathPhase
        self.secureTimestamp = secureTimestamp
        self.phaseDifference = phaseDifference
    }
}
