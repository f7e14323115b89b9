extension MACFrame {
    /// Serialises the frame: frame control, sequence number, addresses, the auxiliary security
    /// header of a secured frame, payload, the MIC of a secured frame and, unless
    /// `includingFCS` is false, the FCS (low octet first).
    ///
    /// Leave the FCS out when the radio appends it itself, as the DW1000 does. Either way the length
    /// limit of `phrMode` is checked with the 2 FCS octets counted.
    ///
    /// - Throws: ``MACFrameError/frameTooLong(length:maximum:phrMode:)``.
    public func encoded(phrMode: PHRMode = .standard, includingFCS: Bool = true) throws(MACFrameError) -> [UInt8] {
        var octets = octetsBeforeMIC() + (security?.messageIntegrityCode ?? [])
        let frameLength = octets.count + FrameCheckSequence.length
        guard frameLength <= phrMode.maximumFrameLength else {
            throw .frameTooLong(length: frameLength, maximum: phrMode.maximumFrameLength, phrMode: phrMode)
        }
        if includingFCS {
            octets += FrameCheckSequence.octets(for: octets)
        }
        return octets
    }

    /// The frame's octets up to its MIC: the MAC header (with the auxiliary security header of a
    /// secured frame) and the payload. For the security levels without encryption these are the
    /// octets the MIC authenticates (IEEE 802.15.4-2006 §7.6.3.4, a data = header and payload).
    public func octetsBeforeMIC() -> [UInt8] {
        var octets: [UInt8] = []
        octets.appendLittleEndian(frameControl.rawValue)
        octets.append(sequenceNumber)
        if let destination {
            octets.appendLittleEndian(destination.pan.rawValue)
            octets.append(destination.address)
        }
        if let source {
            if !panIDCompression {
                octets.appendLittleEndian(source.pan.rawValue)
            }
            octets.append(source.address)
        }
        if let security {
            octets += security.header.octets
        }
        return octets + payload
    }
}
