import UWBCore

/// The frames one part of a split world sent during one window, for another part to carry to its own
/// devices (``WorldPart``), and when the earliest of them went on the air. An object of its own, so that
/// the sending part's thread fills one queue while the receiving part's thread empties another, and no
/// two threads ever change one container.
final class CrossingQueue {
    /// The frames, in the order they went on the air.
    private(set) var frames: [OutgoingFrame] = []
    /// When the earliest of them went on the air.
    private(set) var earliest: SimulationTime?

    /// Adds `frame`.
    func append(_ frame: OutgoingFrame) {
        frames.append(frame)
        earliest = min(earliest ?? frame.transmission.start, frame.transmission.start)
    }

    /// Hands every frame to `body`, in the order they went on the air, then forgets them.
    func drain(_ body: (OutgoingFrame) -> Void) {
        guard !frames.isEmpty else { return }
        for frame in frames {
            body(frame)
        }
        frames.removeAll(keepingCapacity: true)
        earliest = nil
    }
}
