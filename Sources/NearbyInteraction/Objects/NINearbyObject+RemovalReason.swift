extension NINearbyObject {
    /// Why a session stopped reporting a peer (Apple: iOS 14), given to the delegate's
    /// `session(_:didRemove:reason:)`.
    public enum RemovalReason: Int, Sendable, Hashable, CaseIterable {
        /// No ranging with the peer succeeded for longer than the removal timeout (the peer walked out
        /// of range, paused, or went away without a goodbye). Run the configuration again to retry.
        case timeout = 0
        /// The peer ended its session and said so. Best effort: the goodbye may be lost, and the
        /// removal then arrives later as ``timeout``.
        case peerEnded = 1
    }
}
