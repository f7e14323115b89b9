import UWBCore

extension RangingFrame {
    /// The octets of this frame secured by `protections`: one for a two-party frame, one per
    /// entry (in slot order) for a group frame. The frame counter is the highest next counter of
    /// them all, so it is new for every one of their keys; each code covers every octet before it.
    ///
    /// - Throws: ``RangingFrameError/wrongMessageIntegrityCodeCount(expected:present:)`` for a
    ///   wrong number of protections, ``RangingFrameError/frameCountersExhausted``, or what
    ///   ``encoded()`` throws.
    func sealed(by protections: [LinkProtection]) throws(RangingFrameError) -> [UInt8] {
        let level = message.securityLevel
        let count = message.type.isGroupMessage ? message.responders : 1
        guard let first = protections.first, protections.count == count else {
            throw .wrongMessageIntegrityCodeCount(expected: count, present: protections.count)
        }
        var counter = protections.map(\.nextFrameCounter).max() ?? 0
        if message.type == .poll || message.type == .groupPoll {
            counter = try SecureTimestampRound.pollFrameCounter(atLeast: counter)
        }
        for protection in protections {
            _ = try protection.takeFrameCounter(atLeast: counter)
        }
        var framed = self
        framed.protection = FrameProtection(
            frameCounter: counter, keyIndex: first.sendingKeyIndex,
            codes: Array(repeating: .placeholder(level), count: count))
        var octets = try framed.encoded()
        let length = level.messageIntegrityCodeLength
        let start = octets.count - length * count
        for (slot, protection) in protections.enumerated() {
            let place = start + length * slot
            let code = try protection.code(over: octets[..<place], frameCounter: counter, level: level)
            octets.replaceSubrange(place..<(place + length), with: code)
        }
        return octets
    }
}
