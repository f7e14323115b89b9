extension MACFrame {
    /// Parses a received frame.
    ///
    /// The frame length is checked against `phrMode` with the FCS counted, whether or not its octets
    /// are in `bytes`. When they are, the FCS is checked (for ``FCSHandling/verify``) before any
    /// other field is interpreted, so a corrupted frame is reported as such.
    ///
    /// - Throws: ``MACFrameError/truncated(field:needed:present:)`` naming the field that ran out,
    ///   ``MACFrameError/frameTooLong(length:maximum:phrMode:)``,
    ///   ``MACFrameError/fcsMismatch(received:computed:)``, an error for a reserved or unsupported
    ///   frame control value, or an error for an inconsistent frame.
    public init(decoding bytes: [UInt8], phrMode: PHRMode = .standard, fcs: FCSHandling = .verify) throws(MACFrameError) {
        let frameLength = bytes.count - fcs.trailerLength + FrameCheckSequence.length
        guard frameLength <= phrMode.maximumFrameLength else {
            throw .frameTooLong(length: frameLength, maximum: phrMode.maximumFrameLength, phrMode: phrMode)
        }

        var prelude = ByteReader(bytes[...])
        let frameControlValue = try prelude.read(UInt16.self, for: .frameControl)
        let sequenceNumber = try prelude.read(UInt8.self, for: .sequenceNumber)
        guard prelude.remainingCount >= fcs.trailerLength else {
            throw .truncated(field: .frameCheckSequence, needed: fcs.trailerLength, present: prelude.remainingCount)
        }
        let bodyEnd = bytes.count - fcs.trailerLength
        if fcs == .verify {
            try Self.verifyFrameCheckSequence(of: bytes[..<bodyEnd], trailer: bytes[bodyEnd...])
        }

        let frameControl = try FrameControl(rawValue: frameControlValue)
        let frameVersion = try Self.validatedVersion(of: frameControl)
        var body = ByteReader(bytes[prelude.position..<bodyEnd])
        let destination = try Self.readEndpoint(
            frameControl.destinationAddressingMode, sharingPAN: nil,
            panField: .destinationPANIdentifier, addressField: .destinationAddress, from: &body
        )
        let source = try Self.readEndpoint(
            frameControl.sourceAddressingMode, sharingPAN: frameControl.panIDCompression ? destination?.pan : nil,
            panField: .sourcePANIdentifier, addressField: .sourceAddress, from: &body
        )
        if !frameControl.panIDCompression, let destination, let source, destination.pan == source.pan {
            throw .uncompressedEqualPANIdentifiers(destination.pan)
        }
        var security: MACFrameSecurity?
        if frameControl.securityEnabled {
            let header = try AuxiliarySecurityHeader.read(from: &body)
            let length = header.securityLevel.messageIntegrityCodeLength
            guard body.remainingCount >= length else {
                throw .truncated(field: .messageIntegrityCode, needed: length, present: body.remainingCount)
            }
            let rest = body.unreadBytes
            security = try MACFrameSecurity(header: header, messageIntegrityCode: Array(rest.suffix(length)))
            body = ByteReader(rest.dropLast(length))
        }

        try self.init(
            frameType: frameControl.frameType,
            sequenceNumber: sequenceNumber,
            destination: destination,
            source: source,
            payload: body.unreadBytes,
            framePending: frameControl.framePending,
            acknowledgementRequest: frameControl.acknowledgementRequest,
            frameVersion: frameVersion,
            security: security
        )
    }

    /// Throws ``MACFrameError/fcsMismatch(received:computed:)`` unless `trailer` (2 octets, low
    /// first) is the FCS of `content`.
    private static func verifyFrameCheckSequence(
        of content: ArraySlice<UInt8>, trailer: ArraySlice<UInt8>
    ) throws(MACFrameError) {
        var trailerReader = ByteReader(trailer)
        let received = try trailerReader.read(UInt16.self, for: .frameCheckSequence)
        let computed = FrameCheckSequence.compute(content)
        guard received == computed else {
            throw .fcsMismatch(received: received, computed: computed)
        }
    }

    /// Checks that a frame with this frame control field can be decoded (version 0 or 1, security
    /// only with version 1, PAN ID compression only with both addresses) and returns its frame version.
    private static func validatedVersion(of frameControl: FrameControl) throws(MACFrameError) -> MACFrameVersion {
        guard let version = MACFrameVersion(rawValue: frameControl.frameVersion) else {
            throw .unsupportedFrameVersion(frameControl.frameVersion)
        }
        guard !frameControl.securityEnabled || version == .ieee2006 else {
            throw .securityNeedsFrameVersion2006
        }
        let bothAddressesPresent = frameControl.destinationAddressingMode != .none
            && frameControl.sourceAddressingMode != .none
        guard !frameControl.panIDCompression || bothAddressesPresent else {
            throw .panIDCompressionWithoutBothAddresses
        }
        return version
    }

    /// Reads a PAN identifier (unless `sharedPAN` stands in for it) and an address of `mode`;
    /// returns `nil` without reading for ``AddressingMode/none``.
    private static func readEndpoint(
        _ mode: AddressingMode,
        sharingPAN sharedPAN: PANIdentifier?,
        panField: MACFrameField,
        addressField: MACFrameField,
        from reader: inout ByteReader
    ) throws(MACFrameError) -> MACEndpoint? {
        guard mode != .none else { return nil }
        let pan: PANIdentifier
        if let sharedPAN {
            pan = sharedPAN
        } else {
            pan = PANIdentifier(rawValue: try reader.read(UInt16.self, for: panField))
        }
        let address: MACAddress = if mode == .extended {
            .extended(try reader.read(UInt64.self, for: addressField))
        } else {
            .short(try reader.read(UInt16.self, for: addressField))
        }
        return MACEndpoint(pan: pan, address: address)
    }
}
