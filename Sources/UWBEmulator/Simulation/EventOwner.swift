import UWBCore

/// Who an event belongs to: one device of the world, or the world itself (whatever runs the
/// emulation: a harness, a test, work posted from another thread).
///
/// A simulator orders events at the same instant by their owners' keys, then by the order in which
/// each owner scheduled them (``EventKey``), so that the order never depends on how the owners'
/// events interleaved before: what decision 0030 needs for a world split into parts, each with its
/// own queue, to run every device's events in the same order as one queue does. A device's key is
/// the hash of its name, so it does not depend on the order devices were added in either.
///
/// The simulator keeps every owner it made for its whole life, so events refer to theirs without
/// counting references.
package final class EventOwner {
    /// The owner's place among owners at the same instant: 0 for the world, the hash of its name
    /// (never 0) for a device.
    let key: UInt64
    /// How many events the owner has scheduled: the next one's place among its events at its
    /// instant. Changed for nearly every event; no access calls out, so accesses cannot overlap and
    /// it goes without the runtime exclusivity check (decision 0020).
    @exclusivity(unchecked) private var scheduled: UInt64 = 0

    /// The world's owner.
    init() {
        key = 0
    }

    /// The owner of device `name`'s events.
    init(device name: String) {
        key = max(FNV1a.Hash64(name).value, 1)
    }

    /// The key of the next event the owner schedules, at `time`.
    func nextKey(at time: SimulationTime) -> EventKey {
        defer { scheduled += 1 }
        return EventKey(time: time, owner: key, tie: scheduled, detail: 0)
    }
}
