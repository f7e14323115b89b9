import UWBCore
import UWBRanging

/// The security fields an attacker without the keys puts on a forged frame copying a secured
/// one: a frame counter above the one it heard (so no replay check stops it first), the key
/// index of the role it impersonates, and MICs drawn at random, one per code the message takes.
enum GuessedProtection {
    /// Fields for `message` from `role`, after hearing a frame with `heard`; `nil` (a plain
    /// frame) after hearing a plain one.
    static func forging(
        _ message: RangingMessage, as role: RangingRole, after heard: FrameProtection?, using random: inout SeededRandom
    ) -> FrameProtection? {
        guard let heard else { return nil }
        let level = message.securityLevel
        let count = message.type.isGroupMessage ? message.responders : 1
        let codes = (0..<count).compactMap { _ in
            try? MessageIntegrityCode(octets: (0..<level.messageIntegrityCodeLength).map { _ in UInt8.random(in: 0...255, using: &random) })
        }
        return FrameProtection(
            frameCounter: heard.frameCounter &+ 1, keyIndex: role == .initiator ? 1 : 2, codes: codes)
    }
}
