/// An unsecured IEEE 802.15.4-2003/2006 MAC frame: header fields and payload, without the FCS.
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
}

extension MACFrame {
    /// Builds a frame of any type, checking that its fields are consistent.
    ///
    /// - Throws: ``MACFrameError/acknowledgementWithAddressesOrPayload`` for an acknowledgement
    ///   that has addresses or a payload.
    public init(
        frameType: MACFrameType,
        sequenceNumber: UInt8,
        destination: MACEndpoint?,
        source: MACEndpoint?,
        payload: [UInt8] = [],
        framePending: Bool = false,
        acknowledgementRequest: Bool = false,
        frameVersion: MACFrameVersion = .ieee2003
    ) throws(MACFrameError) {
        if frameType == .acknowledgement, destination != nil || source != nil || !payload.isEmpty {
            throw .acknowledgementWithAddressesOrPayload
        }
        self.init(
            frameType: frameType,
            frameVersion: frameVersion,
            sequenceNumber: sequenceNumber,
            framePending: framePending,
            acknowledgementRequest: acknowledgementRequest,
            destination: destination,
            source: source,
            payload: payload
        )
    }

    /// Builds a data frame between two devices of one PAN, as swift-uwb's ranging messages are.
    ///
    /// The PAN identifier is sent once (PAN ID compression). Always consistent, so it does not throw.
    public init(
        dataIn pan: PANIdentifier,
        from source: MACAddress,
        to destination: MACAddress,
        sequenceNumber: UInt8,
        payload: [UInt8],
        acknowledgementRequest: Bool = false
    ) {
        self.init(
            frameType: .data,
            frameVersion: .ieee2003,
            sequenceNumber: sequenceNumber,
            framePending: false,
            acknowledgementRequest: acknowledgementRequest,
            destination: MACEndpoint(pan: pan, address: destination),
            source: MACEndpoint(pan: pan, address: source),
            payload: payload
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
            payload: []
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
            securityEnabled: false,
            framePending: framePending,
            acknowledgementRequest: acknowledgementRequest,
            panIDCompression: panIDCompression,
            destinationAddressingMode: destination?.address.addressingMode ?? .none,
            version: frameVersion.rawValue,
            sourceAddressingMode: source?.address.addressingMode ?? .none
        )
    }
}
