/// An IEEE 802.15.4-2003/2006 MAC frame: header fields, the auxiliary security header and MIC of a
/// secured frame, and the payload, without the FCS.
///
/// A secured frame (``security`` set) is frame version 1 (2006). This type carries its security
/// fields but neither computes nor checks the MIC, which takes keys: the layer that has them does,
/// over ``octetsBeforeMIC()``. An encrypted payload (security levels 4–7) is carried as it is.
///
/// PAN ID compression is not stored: it is set exactly when both addresses are present and share a
/// PAN, and then the source PAN identifier is left off the wire. Every value of this type can be
/// encoded (subject to the PHY's length limit), and every frame that decodes re-encodes to the same
/// octets.
public struct MACFrame: Hashable, Sendable {
    /// The kind of frame.
    public let frameType: MACFrameType
    /// The frame version written into the frame control field.
    public let frameVersion: MACFrameVersion
    /// The sequence number, echoed by the acknowledgement.
    public let sequenceNumber: UInt8
    /// Whether the sender has more frames waiting for the recipient.
    public let framePending: Bool
    /// Whether the recipient must answer with an acknowledgement frame.
    public let acknowledgementRequest: Bool
    /// The recipient's PAN and address, or `nil` when the frame carries no destination.
    public let destination: MACEndpoint?
    /// The sender's PAN and address, or `nil` when the frame carries no source.
    public let source: MACEndpoint?
    /// The MAC payload (MSDU or command/beacon content), passed through unchanged.
    public let payload: [UInt8]
    /// The auxiliary security header and MIC of a secured frame; `nil` for an unsecured one.
    public let security: MACFrameSecurity?
}

extension MACFrame {
    /// Builds a frame of any type, checking that its fields are consistent.
    ///
    /// - Throws: ``MACFrameError/acknowledgementWithAddressesOrPayload`` for an acknowledgement
    ///   that has addresses or a payload, ``MACFrameError/securedAcknowledgement`` for a secured
    ///   one, and ``MACFrameError/securityNeedsFrameVersion2006`` for a secured frame of version 0.
    public init(
        frameType: MACFrameType,
        sequenceNumber: UInt8,
        destination: MACEndpoint?,
        source: MACEndpoint?,
        payload: [UInt8] = [],
        framePending: Bool = false,
        acknowledgementRequest: Bool = false,
        frameVersion: MACFrameVersion = .ieee2003,
        security: MACFrameSecurity? = nil
    ) throws(MACFrameError) {
        if frameType == .acknowledgement, destination != nil || source != nil || !payload.isEmpty {
            throw .acknowledgementWithAddressesOrPayload
        }
        if security != nil {
            guard frameType != .acknowledgement else { throw .securedAcknowledgement }
            guard frameVersion == .ieee2006 else { throw .securityNeedsFrameVersion2006 }
        }
        self.init(
            frameType: frameType,
            frameVersion: frameVersion,
            sequenceNumber: sequenceNumber,
            framePending: framePending,
            acknowledgementRequest: acknowledgementRequest,
            destination: destination,
            source: source,
            payload: payload,
            security: security
        )
    }

    /// Builds a data frame between two devices of one PAN, as swift-uwb's ranging messages are:
    /// frame version 0 (2003) unsecured, version 1 (2006) with `security`.
    ///
    /// The PAN identifier is sent once (PAN ID compression). Always consistent, so it does not throw.
    public init(
        dataIn pan: PANIdentifier,
        from source: MACAddress,
        to destination: MACAddress,
        sequenceNumber: UInt8,
        payload: [UInt8],
        acknowledgementRequest: Bool = false,
        security: MACFrameSecurity? = nil
    ) {
        self.init(
            frameType: .data,
            frameVersion: security == nil ? .ieee2003 : .ieee2006,
            sequenceNumber: sequenceNumber,
            framePending: false,
            acknowledgementRequest: acknowledgementRequest,
            destination: MACEndpoint(pan: pan, address: destination),
            source: MACEndpoint(pan: pan, address: source),
            payload: payload,
            security: security
        )
    }

    /// Builds the acknowledgement of the frame numbered `sequenceNumber`.
    public init(acknowledging sequenceNumber: UInt8, framePending: Bool = false) {
        self.init(
            frameType: .acknowledgement,
            frameVersion: .ieee2003,
            sequenceNumber: sequenceNumber,
            framePending: framePending,
            acknowledgementRequest: false,
            destination: nil,
            source: nil,
            payload: [],
            security: nil
        )
    }

    /// Whether the source PAN identifier is omitted: true exactly when both addresses are present
    /// and their PAN identifiers are equal.
    public var panIDCompression: Bool {
        guard let destination, let source else { return false }
        return destination.pan == source.pan
    }

    /// The frame control field this frame is sent with.
    public var frameControl: FrameControl {
        FrameControl(
            frameType: frameType,
            securityEnabled: security != nil,
            framePending: framePending,
            acknowledgementRequest: acknowledgementRequest,
            panIDCompression: panIDCompression,
            destinationAddressingMode: destination?.address.addressingMode ?? .none,
            version: frameVersion.rawValue,
            sourceAddressingMode: source?.address.addressingMode ?? .none
        )
    }
}
