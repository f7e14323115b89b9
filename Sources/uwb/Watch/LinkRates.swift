import UWBCore
import UWBEmulator
import UWBEmulatorService

/// The frames per second of each link of a snapshot: frames received over the link (both ways)
/// per virtual second since the previous snapshot, or since the world began for the first one.
/// Nil while no virtual time has passed to count over.
enum LinkRates {
    /// The rate of each link of `snapshot`, in its order, counted from `previous` when there is one.
    static func rates(of snapshot: EmulatorSnapshot, since previous: EmulatorSnapshot?) -> [Double?] {
        var before: [LinkKey: Int] = [:]
        var start = SimulationTime.zero
        if let previous {
            start = previous.now
            for link in previous.links {
                before[LinkKey(link, in: previous)] = link.frames
            }
        }
        let seconds = (snapshot.now - start).secondsValue
        return snapshot.links.map { link in
            guard seconds > 0 else { return nil }
            let earlier = previous == nil ? 0 : before[LinkKey(link, in: snapshot)] ?? 0
            return Double(max(0, link.frames - earlier)) / seconds
        }
    }

    /// A link by its devices' names, which stay when devices come and go between snapshots.
    private struct LinkKey: Hashable {
        let first: String
        let second: String

        init(_ link: SnapshotLink, in snapshot: EmulatorSnapshot) {
            first = snapshot.devices[link.first].name
            second = snapshot.devices[link.second].name
        }
    }
}
