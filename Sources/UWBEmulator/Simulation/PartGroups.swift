import UWBCore

/// Which parts of a world split into parts (decision 0030) can reach each other's devices, and so must
/// wait for each other: parts are in one group if a device of the one and a device of the other are not
/// both fitted for bands that do not overlap (``MediumNode/reaches(_:)``), or if a chain of such parts
/// links them. A part never waits for a part of another group, nor sends it frames: none could reach
/// its devices, nor lead, through other parts, to one that does. A part without devices is a group of its own.
///
/// Groups only grow as devices join parts; they are worked out as each joins, before the world runs.
struct PartGroups {
    /// Per part: the bands its devices are fitted for.
    private var bands: [Set<Channel>]
    /// Per part: whether one of its devices is fitted for no band, and so reaches every other device.
    private var unfitted: [Bool]
    /// Per part: its parent in the union of parts, never a higher part, so that a group's root is its
    /// lowest part.
    private var parent: [Int]
    /// Per part: its group, named by its lowest part.
    private(set) var group: [Int]

    /// The groups of `parts` parts without devices: one each.
    init(parts: Int) {
        bands = Array(repeating: [], count: parts)
        unfitted = Array(repeating: false, count: parts)
        parent = Array(0..<parts)
        group = Array(0..<parts)
    }

    /// A device fitted for `band` (nil: none) joins part `part`: its part joins the group of every part
    /// with a device it reaches.
    mutating func join(band: Channel?, part: Int) {
        for other in parent.indices where other != part && reaches(band, devicesOf: other) {
            union(part, other)
        }
        if let band {
            bands[part].insert(band)
        } else {
            unfitted[part] = true
        }
        group = parent.indices.map(root)
    }

    /// Whether a device fitted for `band` reaches a device of part `part`.
    private func reaches(_ band: Channel?, devicesOf part: Int) -> Bool {
        guard let band else { return unfitted[part] || !bands[part].isEmpty }
        return unfitted[part] || bands[part].contains { $0.overlaps(band) }
    }

    private func root(_ part: Int) -> Int {
        var part = part
        while parent[part] != part {
            part = parent[part]
        }
        return part
    }

    private mutating func union(_ first: Int, _ second: Int) {
        let (a, b) = (root(first), root(second))
        if a != b {
            parent[max(a, b)] = min(a, b)
        }
    }
}
