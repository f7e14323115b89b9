/// What a radio can do, so that callers can adapt (for example report no direction without
/// several coherent receivers).
public struct TransceiverCapabilities: Hashable, Sendable {
    /// How many receivers share one clock and can compare carrier phase: 1 gives distance only,
    /// 2 a horizontal angle, 3 in an L a full direction.
    public var coherentReceivers: Int

    /// The longest frame the radio accepts, in octets including the FCS.
    public var maximumFrameLength: Int

    /// The grid on which delayed transmissions start (512 ticks, 8.0128 ns, on the DW1000).
    public var delayedTransmitGranularity: DeviceDuration

    /// The longest receive timeout the radio can enforce by itself.
    public var maximumReceiveTimeout: DeviceDuration

    /// Whether the radio can send and check a scrambled timestamp sequence
    /// (``RadioConfig/secureTimestamps``): DW3000-family radios can, DW1000s cannot.
    public var secureTimestamps: Bool

    /// A capability set with the given values.
    public init(
        coherentReceivers: Int,
        maximumFrameLength: Int,
        delayedTransmitGranularity: DeviceDuration,
        maximumReceiveTimeout: DeviceDuration,
        secureTimestamps: Bool = false
    ) {
        self.coherentReceivers = coherentReceivers
        self.maximumFrameLength = maximumFrameLength
        self.delayedTransmitGranularity = delayedTransmitGranularity
        self.maximumReceiveTimeout = maximumReceiveTimeout
        self.secureTimestamps = secureTimestamps
    }
}
