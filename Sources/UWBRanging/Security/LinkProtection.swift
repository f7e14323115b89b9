import Crypto
import Synchronization
import UWBCore

/// One side's security state of a secured ranging link: its session's keys as this role uses
/// them, the frame counter of the frames it sends, the highest counter it accepted from the peer,
/// and the count of frames it dropped, by reason.
///
/// A protection lives as long as its session's keys: pausing and running a session again keeps
/// it, so counters go on where they stopped and frames sent before the pause are never accepted
/// again. Frame counters start at 0 and end at 0xFFFFFFFE; 0xFFFFFFFF is never sent or accepted
/// (IEEE 802.15.4-2006 §7.5.8.2.1: a counter at that value means the key is used up).
///
/// Safe to share between threads: the counters are behind a mutex.
public final class LinkProtection: Sendable {
    /// The role of this side: the initiator's frames carry key index 1, the responder's 2.
    public let role: RangingRole
    private let sendingKey: SymmetricKey
    private let receivingKey: SymmetricKey
    private let localNonceAddress: UInt64
    private let peerNonceAddress: UInt64
    private let state = Mutex(State())

    private struct State {
        var nextFrameCounter: UInt32 = 0
        var lastAccepted: UInt32?
        var rejections: [FrameRejection: Int] = [:]
    }

    /// The protection of `role`'s side of a session with `keys`.
    public init(keys: SessionKeys, role: RangingRole) {
        self.role = role
        let initiator = SymmetricKey(data: keys.initiatorKey)
        let responder = SymmetricKey(data: keys.responderKey)
        sendingKey = role == .initiator ? initiator : responder
        receivingKey = role == .initiator ? responder : initiator
        localNonceAddress = role == .initiator ? keys.initiatorNonceAddress : keys.responderNonceAddress
        peerNonceAddress = role == .initiator ? keys.responderNonceAddress : keys.initiatorNonceAddress
    }

    /// The key index of this side's frames (key identifier mode 1): 1 for the initiator, 2 for
    /// the responder.
    public var sendingKeyIndex: UInt8 {
        Self.keyIndex(of: role)
    }

    /// The key index of the peer's frames.
    public var receivingKeyIndex: UInt8 {
        Self.keyIndex(of: role == .initiator ? .responder : .initiator)
    }

    private static func keyIndex(of role: RangingRole) -> UInt8 {
        role == .initiator ? 1 : 2
    }

    /// The counter the next frame sent will carry (unless a group frame asks for a higher one).
    public var nextFrameCounter: UInt32 {
        state.withLock { $0.nextFrameCounter }
    }

    /// The frame counter of the last frame this side sent, if it sent one.
    public var lastSentFrameCounter: UInt32? {
        state.withLock { $0.nextFrameCounter == 0 ? nil : $0.nextFrameCounter - 1 }
    }

    /// The frame counter, hence the STS counter, of the peer's next POLL as this side expects it
    /// (``SecureTimestampRound``): the first multiple of ``SecureTimestampRound/perRound``
    /// above the last counter accepted from the peer, or 0 before any.
    public var expectedPollFrameCounter: UInt32 {
        state.withLock { state in
            let next = state.lastAccepted.map { $0 == UInt32.max - 1 ? $0 : $0 + 1 } ?? 0
            return (try? SecureTimestampRound.pollFrameCounter(atLeast: next)) ?? UInt32.max
        }
    }

    /// The frames dropped on this link so far, by reason.
    public var rejections: [FrameRejection: Int] {
        state.withLock { $0.rejections }
    }

    /// Takes a frame counter for a frame to send: the next one, or `minimum` if that is higher
    /// (a group frame carries one counter for all its links).
    ///
    /// - Throws: ``RangingFrameError/frameCountersExhausted`` once the counter would reach
    ///   0xFFFFFFFF: the session must get new keys (a new token).
    func takeFrameCounter(atLeast minimum: UInt32) throws(RangingFrameError) -> UInt32 {
        try state.withLock { (state: inout State) throws(RangingFrameError) -> UInt32 in
            let counter = max(state.nextFrameCounter, minimum)
            guard counter < UInt32.max else { throw .frameCountersExhausted }
            state.nextFrameCounter = counter + 1
            return counter
        }
    }

    /// The MIC of a frame this side sends with `frameCounter` at `level`, over `data`.
    func code(over data: ArraySlice<UInt8>, frameCounter: UInt32, level: MACSecurityLevel) throws(RangingFrameError) -> [UInt8] {
        let nonce = CCMStar.nonce(address: localNonceAddress, frameCounter: frameCounter, level: level.rawValue)
        do {
            return try CCMStar.messageIntegrityCode(
                key: sendingKey, nonce: nonce, authenticating: data, length: level.messageIntegrityCodeLength)
        } catch {
            throw .sealingFailed("\(error)")
        }
    }

    /// Checks the peer's frame `frame`, decoded from `octets`, by the MIC of entry `slot` (0 for a
    /// two-party frame): key index, MIC, then frame counter. With `advancing`, an accepted
    /// counter becomes the one later frames must exceed; without (another chip's reception of a
    /// frame already accepted), the counter may equal it. Every failure is counted.
    ///
    /// - Throws: the ``FrameRejection``.
    func authenticate(_ frame: RangingFrame, octets: [UInt8], slot: Int, advancing: Bool) throws(FrameRejection) {
        do {
            try check(frame, octets: octets, slot: slot, advancing: advancing)
        } catch {
            count(error)
            throw error
        }
    }

    private func check(_ frame: RangingFrame, octets: [UInt8], slot: Int, advancing: Bool) throws(FrameRejection) {
        guard let protection = frame.protection else { throw .unsecured }
        guard protection.keyIndex == receivingKeyIndex else { throw .wrongKey }
        let level = frame.message.securityLevel
        let length = level.messageIntegrityCodeLength
        let start = octets.count - length * protection.codes.count
        guard protection.codes.indices.contains(slot), start >= 0 else { throw .malformed }
        let nonce = CCMStar.nonce(address: peerNonceAddress, frameCounter: protection.frameCounter, level: level.rawValue)
        let expected = try? CCMStar.messageIntegrityCode(
            key: receivingKey, nonce: nonce, authenticating: octets[..<(start + length * slot)], length: length)
        guard let expected, expected == protection.codes[slot].octets else { throw .badMessageIntegrityCode }
        try state.withLock { (state: inout State) throws(FrameRejection) in
            let counter = protection.frameCounter
            guard counter < UInt32.max else { throw .replayed }
            if let last = state.lastAccepted {
                guard counter > last || (!advancing && counter == last) else { throw .replayed }
            }
            if advancing {
                state.lastAccepted = counter
            }
        }
    }

    /// Counts a frame dropped for `rejection`.
    func count(_ rejection: FrameRejection) {
        state.withLock { $0.rejections[rejection, default: 0] += 1 }
    }
}

extension LinkProtection: Hashable {
    /// Protections are equal when they are the same object: each holds its own counters.
    public static func == (lhs: LinkProtection, rhs: LinkProtection) -> Bool {
        lhs === rhs
    }

    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
