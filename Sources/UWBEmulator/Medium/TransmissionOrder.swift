/// Which transmission of a run a frame is, named in a way that does not depend on any other device:
/// its sender's key and the sender's own count of the frames it sent before it.
///
/// What orders frames, and their arrivals, that would otherwise tie: at a receiver, in a trace.
public struct TransmissionOrder: Hashable, Sendable {
    /// The sending device's key: the hash of its name.
    public let sender: UInt64
    /// How many frames the sender sent before this one.
    public let count: Int

    /// The frame after `count` others from the sender whose key is `sender`.
    public init(sender: UInt64, count: Int) {
        self.sender = sender
        self.count = count
    }

    /// Whether this frame comes before `other` where their times tie: by sender key, then count.
    func precedes(_ other: TransmissionOrder) -> Bool {
        sender != other.sender ? sender < other.sender : count < other.count
    }
}
