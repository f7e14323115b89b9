import UWBCore

/// The link responses a world worked out lately, so that a static link's frames do not work its response
/// out again: at most ``capacity`` of them, the oldest dropped first. A response is a pure function of its
/// key, so what the cache holds changes how fast a run goes, never what it gives.
final class ResponseCache {
    /// What a response was worked out for: the pair's seed, where the ends were, the frequency and what
    /// obstacles and bodies did on the way.
    struct Key: Hashable {
        let seed: UInt64
        let lower: Vector3
        let upper: Vector3
        let wavelength: Double
        let obstruction: PathObstruction
        let body: BodyShares

        /// Hashes the pair's seed and the ends' positions only: they tell the kept responses apart, and
        /// the obstacles' and bodies' shares, which follow from them in a world that stands still, would
        /// cost a dozen more values per look-up. Equality still compares every field.
        func hash(into hasher: inout Hasher) {
            hasher.combine(seed)
            hasher.combine(lower.x)
            hasher.combine(lower.y)
            hasher.combine(lower.z)
            hasher.combine(upper.x)
            hasher.combine(upper.y)
            hasher.combine(upper.z)
        }
    }

    /// How many responses are kept: one for every pair of a 200-device room where every device hears every
    /// other (19 900) [D: a kept response holds tens of paths (``ChannelResponse/trailSpan``), about a
    /// kilobyte with its key; 32 768 of them stay near 40 MB].
    static let capacity = 32_768

    private var kept: [Key: ChannelResponse] = [:]
    /// The kept keys, oldest first from ``next`` round.
    private var order: [Key] = []
    private var next = 0

    /// The kept response for `key`, if there is one.
    func response(for key: Key) -> ChannelResponse? {
        kept[key]
    }

    /// Keeps `response` for `key`, dropping the oldest kept one if the cache is full.
    func keep(_ response: ChannelResponse, for key: Key) {
        guard kept[key] == nil else { return }
        if order.count < Self.capacity {
            order.append(key)
        } else {
            kept[order[next]] = nil
            order[next] = key
            next = (next + 1) % Self.capacity
        }
        kept[key] = response
    }
}
