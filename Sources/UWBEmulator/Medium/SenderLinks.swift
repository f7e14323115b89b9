/// What the medium holds for one sender: its link to every device that has been a receiver of
/// its frames, the caches of the links that carry them, and, for a sender that stands still,
/// its ``Reach``.
struct SenderLinks {
    /// Per receiver: the link, once the sender has sent a frame since the receiver was added.
    var links: [LinkState?] = []
    /// The caches of the links that have carried a frame their receiver could hear.
    var caches: [LinkCache] = []
    /// The receivers its frames reach, if it stands still and has sent since the medium last
    /// changed.
    var reach: Reach?

    /// The position of `link`'s cache in ``caches``, an empty cache being made for a link that
    /// has none yet.
    mutating func cacheIndex(for link: inout LinkState) -> Int {
        if let index = link.cache {
            return index
        }
        caches.append(LinkCache())
        link.cache = caches.count - 1
        return caches.count - 1
    }
}
