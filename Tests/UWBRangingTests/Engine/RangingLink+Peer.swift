import UWBRanging

extension RangingLink {
    /// The same session seen from the peer: source and destination swapped. Its frames are the
    /// ones this side receives.
    var peer: RangingLink {
        RangingLink(session: session, pan: pan, localAddress: peerAddress, peerAddress: localAddress)
    }
}
