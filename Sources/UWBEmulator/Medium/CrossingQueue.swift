import UWBCore

/// The frames one part of a split world carried to another part's chips during one window, and the
/// earliest of their arrivals (``WorldPart``). An object of its own, so that the sending part's thread
/// fills one queue while the receiving part's thread empties another, and no two threads ever change
/// one container.
final class CrossingQueue {
    /// The frames, in the order they were carried.
    private(set) var frames: [CrossingFrame] = []
    /// When the earliest of them reaches its antenna.
    private(set) var earliest: SimulationTime?

    /// Adds `frame`.
    func append(_ frame: CrossingFrame) {
        frames.append(frame)
        earliest = min(earliest ?? frame.start, frame.start)
    }

    /// Hands every frame to `body`, in the order they were carried, then forgets them.
    func drain(_ body: (CrossingFrame) -> Void) {
        guard !frames.isEmpty else { return }
        for frame in frames {
            body(frame)
        }
        frames.removeAll(keepingCapacity: true)
        earliest = nil
    }
}
