import UWBCore

extension RangingFrame {
    /// The payload: header, body and the MIC if there is one.
    public var payload: [UInt8] {
        var octets: [UInt8] = [
            RangingFrameFormat.version,
            message.type.rawValue,
            messageIntegrityCode == nil ? 0 : RangingFrameFormat.messageIntegrityCodeFlag,
        ]
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
        if let messageIntegrityCode {
            octets += messageIntegrityCode.octets
        }
        return octets
    }

    /// The MAC frame without its FCS (the radio appends it), ready for ``Transceiver/transmit(_:at:awaiting:)``.
    ///
    /// - Throws: ``RangingFrameError/groupSize(_:)`` for a group message of no responders or more
    ///   than ``RangingFrameFormat/maximumGroupSize``; ``RangingFrameError/macFrame(_:)`` if the
    ///   MAC codec refuses the frame, which does not happen otherwise (the longest ranging frame,
    ///   a full group POLL with a MIC, is 125 octets, within the standard PHY header's 127).
    public func encoded() throws(RangingFrameError) -> [UInt8] {
        let responders = message.responders
        guard (1...RangingFrameFormat.maximumGroupSize).contains(responders) else { throw .groupSize(responders) }
        let frame = MACFrame(
            dataIn: pan, from: .short(source), to: .short(destination),
            sequenceNumber: UInt8(truncatingIfNeeded: round), payload: payload)
        do {
            return try frame.encoded(includingFCS: false)
        } catch {
            throw .macFrame(error)
        }
    }
}
