import UWBCore

/// How a radio turns a delayed-transmission time into the TX timestamp its frame will carry:
/// the time rounded down to the delayed-TX grid, plus the TX antenna delay programmed into it.
///
/// FINAL must carry its own TX timestamp, so the initiator has to know it while building the
/// frame, before the radio is told anything. With this the state machines put every request on
/// the grid themselves and predict each stamp exactly (as Decawave's examples do); the loop feeds
/// the radio's returned stamp back with ``RangingInput/transmitScheduled(_:)`` and any
/// difference fails the round as ``RangingFailureKind/transmitTimeMismatch(predicted:actual:)``,
/// which means this value disagrees with the radio's calibration.
public struct TransmitClock: Hashable, Sendable {
    /// The grid on which delayed transmissions start
    /// (``TransceiverCapabilities/delayedTransmitGranularity``, 512 ticks on the DW1000).
    public var granularity: DeviceDuration
    /// The TX antenna delay the radio adds to each TX timestamp (its calibration).
    public var antennaDelay: DeviceDuration

    /// A transmit clock; a granularity below one tick counts as one tick.
    public init(granularity: DeviceDuration, antennaDelay: DeviceDuration) {
        self.granularity = granularity
        self.antennaDelay = antennaDelay
    }

    /// The transmit clock of a board's first chip (the one that transmits): its transceiver's
    /// delayed-TX grid and its calibrated TX antenna delay.
    public init(board: BoardDescription, capabilities: TransceiverCapabilities) {
        self.init(
            granularity: capabilities.delayedTransmitGranularity,
            antennaDelay: board.chips.first?.calibration.txAntennaDelay ?? .zero)
    }

    /// The first grid time at or after `time`: where the state machine schedules a frame that
    /// should leave no earlier than `time`.
    public func gridTime(notBefore time: DeviceTime) -> DeviceTime {
        let step = UInt64(max(1, granularity.ticks))
        let remainder = time.ticks % step
        return remainder == 0 ? time : time + DeviceDuration(ticks: Int64(step - remainder))
    }

    /// The TX timestamp of a frame scheduled at the grid time `start`.
    public func timestamp(ofTransmissionAt start: DeviceTime) -> DeviceTime {
        start + antennaDelay
    }
}
