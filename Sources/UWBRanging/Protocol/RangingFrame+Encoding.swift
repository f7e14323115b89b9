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
        }
        if let messageIntegrityCode {
            octets += messageIntegrityCode.octets
        }
        return octets
    }

    /// The MAC frame without its FCS (the radio appends it), ready for ``Transceiver/transmit(_:at:awaiting:)``.
    ///
    /// - Throws: ``RangingFrameError/macFrame(_:)`` if the MAC codec refuses the frame; ranging
    ///   frames are at most 56 octets, far below the 127-octet limit, so this does not happen
    ///   with the standard PHY header.
    public func encoded() throws(RangingFrameError) -> [UInt8] {
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
