import UWBCore

/// An event's place in a simulator's order: its time, then its owner's key (``EventOwner``), then
/// its place among the owner's events at that time.
///
/// An event an owner schedules itself takes the owner's next sequence number (``EventOwner/nextKey(at:)``).
/// A frame reaching a device's chip is scheduled by the medium, on behalf of the sender, so it takes a
/// place that only the frame decides (``arrival(at:receiver:transmission:chip:)``): after every event the
/// receiver schedules itself at that instant, then by sender and the sender's own count of
/// transmissions. Both are the same whichever order devices were added in and however a world is split
/// into parts, so that every device's events run in the same order however it is run.
struct EventKey: Equatable {
    /// When the event runs.
    let time: SimulationTime
    /// Its owner's key.
    let owner: UInt64
    /// Its place among its owner's events at ``time``: the owner's sequence number, below 2⁶³, for
    /// an event the owner schedules itself; 2⁶³ and the sender's key for an arrival.
    let tie: UInt64
    /// What orders arrivals with the same ``tie``: the transmission's count and the receiving chip.
    let detail: UInt64

    /// The place of the preamble of transmission `transmission` reaching chip `chip` of device
    /// `receiver` at `time`.
    static func arrival(at time: SimulationTime, receiver: UInt64, transmission: TransmissionOrder, chip: Int) -> EventKey {
        EventKey(
            time: time, owner: receiver, tie: 1 << 63 | transmission.sender >> 1,
            detail: UInt64(transmission.count) << 8 | UInt64(truncatingIfNeeded: chip) & 0xFF)
    }

    /// Whether this event runs before `other`.
    @inline(__always)
    func precedes(_ other: EventKey) -> Bool {
        if time.picoseconds != other.time.picoseconds { return time.picoseconds < other.time.picoseconds }
        if owner != other.owner { return owner < other.owner }
        if tie != other.tie { return tie < other.tie }
        return detail < other.detail
    }
}
