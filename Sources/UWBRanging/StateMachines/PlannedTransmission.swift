import UWBCore

/// A frame a state machine is about to schedule: on the delayed-TX grid, with the TX timestamp
/// the ``TransmitClock`` predicts for it (which FINAL carries in its own body).
struct PlannedTransmission: Hashable {
    /// What is sent.
    let message: RangingMessageType
    /// The round it belongs to.
    let round: UInt16
    /// The grid time handed to the radio.
    let start: DeviceTime
    /// The TX timestamp the radio will report.
    let stamp: DeviceTime

    /// Plans `message` to leave at the first grid time at or after `time`.
    init(_ message: RangingMessageType, round: UInt16, notBefore time: DeviceTime, clock: TransmitClock) {
        self.message = message
        self.round = round
        start = clock.gridTime(notBefore: time)
        stamp = clock.timestamp(ofTransmissionAt: start)
    }
}
