import UWBCore
@testable import UWBRanging

/// Secured frames written octet by octet from `Docs/ranging-protocol.md` ("Secured frames"),
/// their MICs computed independently with Python `cryptography` 38's AESCCM (empty message,
/// tag length 8 for MIC-64 and 4 for MIC-32, nonce = sender's nonce address ‖ frame counter,
/// both big-endian, ‖ security level), which agrees with IEEE 802.15.4-2006 Annex C.2.1.
///
/// Session 0xDEADBEEF, round 0x0102, initiator 0x0001, responder 0x0002, PAN 0xDECA. Keys:
/// initiator 00…0F, responder 10…1F; nonce addresses 0x0102030405060708 (initiator) and
/// 0x1112131415161718 (responder). A second session's initiator key 20…2F, nonce address
/// 0x2122232425262728, serves the group POLL's slot 1.
enum SecuredGoldenFrames {
    static let keys = sessionKeys(initiator: 0x00, responder: 0x10, initiatorAddress: 0x0102_0304_0506_0708)
    static let secondKeys = sessionKeys(initiator: 0x20, responder: 0x30, initiatorAddress: 0x2122_2324_2526_2728)

    static func sessionKeys(initiator: UInt8, responder: UInt8, initiatorAddress: UInt64) -> SessionKeys {
        // Both keys have 16 octets, so this never throws.
        (try? SessionKeys(
            initiatorKey: Array(initiator..<(initiator + 16)), responderKey: Array(responder..<(responder + 16)),
            initiatorNonceAddress: initiatorAddress, responderNonceAddress: 0x1112_1314_1516_1718))
            ?? { preconditionFailure("16-octet keys") }()
    }

    /// A link of the golden session as `role` sees it, its next frame counter `counter`.
    static func link(_ role: RangingRole, counter: UInt32 = 0, keys: SessionKeys = keys) -> RangingLink {
        let protection = LinkProtection(keys: keys, role: role)
        if counter > 0 {
            _ = try? protection.takeFrameCounter(atLeast: counter - 1)
        }
        return role == .initiator
            ? RangingLink(session: GoldenFrames.session, pan: GoldenFrames.pan, localAddress: 1, peerAddress: 2, protection: protection)
            : RangingLink(session: GoldenFrames.session, pan: GoldenFrames.pan, localAddress: 2, peerAddress: 1, protection: protection)
    }

    /// Frame control 0x9849 (data, security enabled, PAN ID compression, short addresses, frame
    /// version 1), sequence 0x02, PAN, destination, source.
    static func macHeader(from source: UInt8, to destination: [UInt8]) -> [UInt8] {
        [0x49, 0x98, 0x02, 0xCA, 0xDE] + destination + [source, 0x00]
    }

    /// FINAL, initiator to responder, frame counter 7: security control 0x0A (level 2, key
    /// identifier mode 1), counter 7, key index 1; the payload of `GoldenFrames.final`; MIC-64.
    static let final = macHeader(from: 0x01, to: [0x02, 0x00])
        + [0x0A, 0x07, 0x00, 0x00, 0x00, 0x01]
        + GoldenFrames.final.dropFirst(9)
        + [0x43, 0x82, 0x26, 0x1E, 0x28, 0x5C, 0xAA, 0x64]

    /// REPORT, responder to initiator, frame counter 0x100, key index 2; the payload of
    /// `GoldenFrames.report`; MIC-64 under the responder's key.
    static let report = macHeader(from: 0x02, to: [0x01, 0x00])
        + [0x0A, 0x00, 0x01, 0x00, 0x00, 0x02]
        + GoldenFrames.report.dropFirst(9)
        + [0xDA, 0x61, 0x5C, 0xCA, 0x00, 0xA8, 0x4A, 0x17]

    /// Group POLL of `GroupGoldenFrames.entries` to the broadcast address, frame counter 12 (a
    /// POLL's counter is a multiple of four: `SecureTimestampRound`): security control 0x09
    /// (level 1, key identifier mode 1), key index 1; slot 0's MIC-32 under this session's
    /// initiator key ends the payload, slot 1's under the second session's is the frame's MIC and
    /// covers slot 0's.
    static let groupPoll = macHeader(from: 0x01, to: [0xFF, 0xFF])
        + [0x09, 0x0C, 0x00, 0x00, 0x00, 0x01]
        + GroupGoldenFrames.poll.dropFirst(9)
        + [0xEF, 0x25, 0x76, 0x20]
        + [0x8D, 0xC1, 0x18, 0x1F]
}
