import UWBCore

/// One side's view of a ranging session: the session, its PAN, this device's short address and
/// the peer's, and, for a secured session, its keys and counters.
///
/// A secured link (``protection`` set) sends only secured frames and accepts only secured frames
/// whose key index, MIC and frame counter pass (``decode(_:)``); a plain link sends and accepts
/// only plain frames. There is no downgrade from one to the other.
public struct RangingLink: Hashable, Sendable {
    /// The session every frame must carry.
    public var session: SessionIdentifier
    /// The session's PAN.
    public var pan: PANIdentifier
    /// This device's short address.
    public var localAddress: UInt16
    /// The peer's short address.
    public var peerAddress: UInt16
    /// The keys and counters of a secured session; `nil` for a plain one.
    public var protection: LinkProtection?

    /// A link with the given identities; secured with `protection`, plain without.
    public init(
        session: SessionIdentifier, pan: PANIdentifier, localAddress: UInt16, peerAddress: UInt16,
        protection: LinkProtection? = nil
    ) {
        self.session = session
        self.pan = pan
        self.localAddress = localAddress
        self.peerAddress = peerAddress
        self.protection = protection
    }

    /// A frame of this session from this device to the peer, without security fields.
    public func frame(round: UInt16, message: RangingMessage) -> RangingFrame {
        RangingFrame(session: session, round: round, source: localAddress, destination: peerAddress, pan: pan, message: message)
    }

    /// The octets of a frame of this session from this device to the peer: plain on a plain
    /// link; on a secured one with the next frame counter and its MIC.
    ///
    /// - Throws: ``RangingFrameError/frameCountersExhausted`` when the session's counters are used
    ///   up, or what ``RangingFrame/encoded()`` throws.
    public func encode(round: UInt16, message: RangingMessage) throws(RangingFrameError) -> [UInt8] {
        let frame = frame(round: round, message: message)
        guard let protection else { return try frame.encoded() }
        return try frame.sealed(by: [protection])
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

    /// Decodes `bytes` and accepts the frame with ``accept(_:octets:advancing:)``.
    ///
    /// - Throws: any ``RangingFrameError`` of ``RangingFrame/init(decoding:)`` or
    ///   ``accept(_:octets:advancing:)``.
    public func decode(_ bytes: [UInt8], advancing: Bool = true) throws(RangingFrameError) -> RangingFrame {
        let frame = try RangingFrame(decoding: bytes)
        try accept(frame, octets: bytes, advancing: advancing)
        return frame
    }

    /// Checks a two-party frame decoded from `octets` with ``check(_:)`` and authenticates it
    /// with ``authenticate(_:octets:slot:advancing:)``: the frame the peer sent, unchanged, and
    /// not accepted before.
    ///
    /// A frame that names this session and this device but comes from another address is counted
    /// as ``FrameRejection/wrongPeer``.
    ///
    /// - Throws: any ``RangingFrameError`` of ``check(_:)``, or ``RangingFrameError/rejected(_:)``.
    public func accept(_ frame: RangingFrame, octets: [UInt8], advancing: Bool = true) throws(RangingFrameError) {
        do {
            try check(frame)
        } catch {
            if case .wrongSource = error, frame.session == session {
                protection?.count(.wrongPeer)
            }
            throw error
        }
        try authenticate(frame, octets: octets, advancing: advancing)
    }

    /// Checks the security of `frame`, decoded from `octets`, by its code for entry `slot` (0 for
    /// a two-party frame, the entry naming this link for a group frame): on a secured link its
    /// key index, its MIC and its frame counter, which must exceed every one accepted before
    /// (with `advancing`, it becomes the one to exceed; without, for another chip's reception of
    /// a frame already accepted, it may equal it); on a plain link, that it has no security.
    ///
    /// - Throws: ``RangingFrameError/rejected(_:)``; a secured link counts the rejection.
    public func authenticate(_ frame: RangingFrame, octets: [UInt8], slot: Int = 0, advancing: Bool = true) throws(RangingFrameError) {
        guard let protection else {
            guard frame.protection == nil else { throw .rejected(.unsecured) }
            return
        }
        do {
            try protection.authenticate(frame, octets: octets, slot: slot, advancing: advancing)
        } catch {
            throw .rejected(error)
        }
    }
}
