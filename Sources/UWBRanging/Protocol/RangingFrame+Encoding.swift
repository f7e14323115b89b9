import UWBCore

extension RangingFrame {
    /// The ranging payload: header and body (a secured group frame's MAC payload adds all its
    /// MICs but the last after it).
    public var payload: [UInt8] {
        var octets: [UInt8] = [RangingFrameFormat.version, message.type.rawValue, 0]
        octets += (0..<4).map { UInt8(truncatingIfNeeded: session.rawValue >> (8 * $0)) }
        octets += [UInt8(truncatingIfNeeded: round), UInt8(truncatingIfNeeded: round >> 8)]
        switch message {
        case .poll, .response, .goodbye:
            break
        case .final(let pollTransmitted, let responseReceived, let finalTransmitted):
            octets += pollTransmitted.littleEndianOctets + responseReceived.littleEndianOctets
                + finalTransmitted.littleEndianOctets
        case .report(let pollReceived, let responseTransmitted, let finalReceived, let timeOfFlight):
            octets += pollReceived.littleEndianOctets + responseTransmitted.littleEndianOctets
                + finalReceived.littleEndianOctets
            let raw = UInt32(bitPattern: timeOfFlight?.rawValue ?? ReportedTimeOfFlight.noResultRawValue)
            octets += (0..<4).map { UInt8(truncatingIfNeeded: raw >> (8 * $0)) }
        case .groupPoll(let entries):
            octets.append(UInt8(truncatingIfNeeded: entries.count))
            octets += entries.flatMap(\.octets)
        case .groupFinal(let pollTransmitted, let finalTransmitted, let responses):
            octets += pollTransmitted.littleEndianOctets + finalTransmitted.littleEndianOctets
            octets.append(UInt8(truncatingIfNeeded: responses.count))
            let bitmap = responses.enumerated().reduce(UInt16(0)) { $0 | ($1.element == nil ? 0 : 1 << $1.offset) }
            octets += [UInt8(truncatingIfNeeded: bitmap), UInt8(truncatingIfNeeded: bitmap >> 8)]
            octets += responses.compactMap { $0 }.flatMap(\.littleEndianOctets)
        }
        return octets
    }

    /// The MAC frame without its FCS (the radio appends it), ready for ``Transceiver/transmit(_:at:awaiting:)``.
    ///
    /// A secured frame is sent as an IEEE 802.15.4-2006 secured frame: its ``protection``'s
    /// frame counter and key index in the auxiliary security header (security level 2 for a
    /// two-party message, 1 for a group message), its last code as the MIC, and a group
    /// message's other codes after the payload. The codes are sent as they are: use
    /// ``RangingLink/encode(round:message:)`` to compute them.
    ///
    /// - Throws: ``RangingFrameError/groupSize(_:)`` for a group message of no responders or more
    ///   than ``RangingFrameFormat/maximumGroupSize``;
    ///   ``RangingFrameError/wrongMessageIntegrityCodeCount(expected:present:)`` or
    ///   ``RangingFrameError/wrongMessageIntegrityCodeLength(_:)`` for codes that do not fit the
    ///   message; ``RangingFrameError/macFrame(_:)`` if the MAC codec refuses the frame, which does
    ///   not happen otherwise (the longest ranging frame, a full secured group FINAL, is 120
    ///   octets, within the standard PHY header's 127).
    public func encoded() throws(RangingFrameError) -> [UInt8] {
        let responders = message.responders
        guard (1...RangingFrameFormat.maximumGroupSize).contains(responders) else { throw .groupSize(responders) }
        var payload = self.payload
        var security: MACFrameSecurity?
        if let protection {
            let level = message.securityLevel
            let count = message.type.isGroupMessage ? responders : 1
            guard protection.codes.count == count else {
                throw .wrongMessageIntegrityCodeCount(expected: count, present: protection.codes.count)
            }
            for code in protection.codes where code.octets.count != level.messageIntegrityCodeLength {
                throw .wrongMessageIntegrityCodeLength(code.octets.count)
            }
            payload += protection.codes.dropLast().flatMap(\.octets)
            let header = AuxiliarySecurityHeader(
                securityLevel: level, frameCounter: protection.frameCounter, keyIdentifier: .index(protection.keyIndex))
            do {
                security = try MACFrameSecurity(header: header, messageIntegrityCode: protection.codes.last?.octets ?? [])
            } catch {
                throw .macFrame(error)
            }
        }
        let frame = MACFrame(
            dataIn: pan, from: .short(source), to: .short(destination),
            sequenceNumber: UInt8(truncatingIfNeeded: round), payload: payload, security: security)
        do {
            return try frame.encoded(includingFCS: false)
        } catch {
            throw .macFrame(error)
        }
    }
}
