import UWBCore

/// One side's view of a ranging session: the session, its PAN, this device's short address and
/// the peer's.
public struct RangingLink: Hashable, Sendable {
    /// The session every frame must carry.
    public var session: SessionIdentifier
    /// The session's PAN.
    public var pan: PANIdentifier
    /// This device's short address.
    public var localAddress: UInt16
    /// The peer's short address.
    public var peerAddress: UInt16

    /// A link with the given identities.
    public init(session: SessionIdentifier, pan: PANIdentifier, localAddress: UInt16, peerAddress: UInt16) {
        self.session = session
        self.pan = pan
        self.localAddress = localAddress
        self.peerAddress = peerAddress
    }

    /// A frame of this session from this device to the peer.
    public func frame(round: UInt16, message: RangingMessage) -> RangingFrame {
        RangingFrame(session: session, round: round, source: localAddress, destination: peerAddress, pan: pan, message: message)
    }

    /// Checks that `frame` comes from the peer, to this device, in this session's PAN and session.
    ///
    /// - Throws: ``RangingFrameError/wrongPAN(expected:received:)``,
    ///   ``RangingFrameError/wrongDestination(expected:received:)``,
    ///   ``RangingFrameError/wrongSource(expected:received:)`` or
    ///   ``RangingFrameError/wrongSession(expected:received:)``, in that order.
    public func check(_ frame: RangingFrame) throws(RangingFrameError) {
        guard frame.pan == pan else { throw .wrongPAN(expected: pan, received: frame.pan) }
        guard frame.destination == localAddress else {
            throw .wrongDestination(expected: localAddress, received: frame.destination)
        }
        guard frame.source == peerAddress else { throw .wrongSource(expected: peerAddress, received: frame.source) }
        guard frame.session == session else { throw .wrongSession(expected: session, received: frame.session) }
    }

    /// Decodes `bytes` and checks them with ``check(_:)``.
    ///
    /// - Throws: any ``RangingFrameError`` of ``RangingFrame/init(decoding:)`` or ``check(_:)``.
    public func decode(_ bytes: [UInt8]) throws(RangingFrameError) -> RangingFrame {
        let frame = try RangingFrame(decoding: bytes)
        try check(frame)
        return frame
    }
}
