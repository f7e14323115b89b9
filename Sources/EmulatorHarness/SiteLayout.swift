import UWBEmulator

/// A scenario's positioning devices, by index: its anchor clusters in the order they first appear,
/// each with its members in scenario order, and its tags.
struct SiteLayout {
    /// An anchor cluster.
    struct Cluster {
        let name: String
        /// The members' device indices; the first initiates (DL-TDoA) or is the reference (UL-TDoA).
        var members: [Int]
    }

    let clusters: [Cluster]
    let tags: [Int]

    init(_ scenario: Scenario) {
        var clusters: [Cluster] = []
        var tags: [Int] = []
        for (index, device) in scenario.devices.enumerated() {
            switch device.positioning {
            case .anchor(let name, _, _):
                if let existing = clusters.firstIndex(where: { $0.name == name }) {
                    clusters[existing].members.append(index)
                } else {
                    clusters.append(Cluster(name: name, members: [index]))
                }
            case .tag:
                tags.append(index)
            case nil:
                break
            }
        }
        self.clusters = clusters
        self.tags = tags
    }
}
