import UCI

extension UCIHost {
    /// A data packet from the host. In UCI 2.0 a DATA_MESSAGE_SND of a ranging-and-data session
    /// is checked (`dataRefusal`) and, if accepted, takes the session's credit
    /// (SESSION_DATA_CREDIT_NTF 0) until it is delivered at the end of the next round with its
    /// destination (DATA_MESSAGE_RCV to the destination's host, then
    /// SESSION_DATA_TRANSFER_STATUS_NTF and SESSION_DATA_CREDIT_NTF 1 to the sender). What cannot
    /// be answered with a transfer status gets GENERIC_ERROR_NTF: data in UCI 1.x (no data
    /// packets), or in a session whose type carries none, is REJECTED; an unknown session
    /// handle is ERROR_SESSION_NOT_EXIST; a malformed packet is INVALID_MESSAGE_SIZE or
    /// SYNTAX_ERROR, a DATA_MESSAGE_RCV (UWBS to host only) SYNTAX_ERROR.
    func handleData(_ raw: UCIRawMessage) {
        guard revision == .v2 else { return send(.notification(.genericError(.rejected))) }
        let message: UCIDataMessage
        do {
            message = try UCIDataMessage(decoding: raw)
        } catch {
            return send(.notification(.genericError(UCIInputStatus.payload(error))))
        }
        guard case .send(let data) = message else { return send(.notification(.genericError(.syntaxError))) }
        guard let session = sessions[data.sessionToken] else { return send(.notification(.genericError(.sessionNotExist))) }
        guard session.type == .rangingAndInBandData else { return send(.notification(.genericError(.rejected))) }
        if let refusal = dataRefusal(data, in: session) {
            return send(.notification(.dataTransferStatus(
                sessionToken: session.handle, sequenceNumber: UInt8(truncatingIfNeeded: data.sequenceNumber), status: refusal,
                transmitCount: 0)))
        }
        session.outgoingData = UCIOutgoingData(message: data, destination: UInt16(truncatingIfNeeded: data.destinationAddress))
        session.hasDataCredit = false
        send(.notification(.dataCredit(sessionToken: session.handle, available: false)))
    }

    /// A segment of a DATA_MESSAGE_SND for session `handle` arrived and more follow: the credit
    /// for the next segment comes back at once (SESSION_DATA_CREDIT_NTF 1), as pica gives it after
    /// every packet, when the session is an ACTIVE ranging-and-data one of UCI 2.0 with its credit.
    /// The whole message is then checked and answered as ``handleData(_:)`` says.
    func dataSegmentReceived(_ handle: UInt32) {
        guard revision == .v2, let session = sessions[handle], session.type == .rangingAndInBandData, session.state == .active,
              session.hasDataCredit
        else { return }
        send(.notification(.dataCredit(sessionToken: handle, available: true)))
    }

    /// Why a DATA_MESSAGE_SND of a ranging-and-data session is refused, or `nil` to accept it:
    /// ERROR_REJECTED when the session is not ACTIVE or the data is longer than one round
    /// carries, INVALID_FORMAT for empty data or, in a session of short addresses, a destination that is not one,
    /// ERROR_NO_CREDIT_AVAILABLE while the previous message is still being sent, and
    /// ERROR_DATA_TRANSFER for a destination that is not a peer of the session.
    private func dataRefusal(_ data: UCIDataSend, in session: UCISession) -> UCIDataTransferStatus? {
        guard session.state == .active, data.data.count <= UCIProtocolLimits.maximumApplicationData else { return .errorRejected }
        let config = session.config
        guard !data.data.isEmpty, config.usesExtendedAddresses || data.destinationAddress <= UInt64(UInt16.max) else { return .invalidFormat }
        guard session.hasDataCredit else { return .errorNoCreditAvailable }
        return config.peerMacAddresses.contains(data.destinationAddress) ? nil : .errorDataTransfer
    }

    /// A round of `session` with the peer at `peer` ended: data waiting for that peer is
    /// delivered if it completed, to the ACTIVE ranging-and-data session of the same id whose
    /// device has that address; it fails after ``UCIProtocolLimits/dataTransferAttempts``
    /// rounds, or at once if the peer's session takes no data. Data waits as long as no round
    /// with its destination ends (a responder whose initiator is quiet); STOP ends it.
    func roundEnded(of session: UCISession, with peer: UInt16, completed: Bool) {
        guard var outgoing = session.outgoingData, outgoing.destination == peer else { return }
        outgoing.attempts += 1
        session.outgoingData = outgoing
        if completed, let receiver = room?.activeSession(id: session.id, address: peer) {
            guard receiver.session.type == .rangingAndInBandData else { return endTransfer(of: session, .errorDataTransfer) }
            receiver.host.send(.data(.receive(UCIDataReceive(
                sessionToken: receiver.session.handle, sourceAddress: session.config.deviceMacAddress,
                sequenceNumber: outgoing.message.sequenceNumber, data: outgoing.message.data))))
            endTransfer(of: session, .ok)
        } else if outgoing.attempts >= UCIProtocolLimits.dataTransferAttempts {
            endTransfer(of: session, .errorDataTransfer)
        }
    }

    /// Ends `session`'s data transfer, if any, with `status`: SESSION_DATA_TRANSFER_STATUS_NTF,
    /// then the credit back (SESSION_DATA_CREDIT_NTF 1).
    func endTransfer(of session: UCISession, _ status: UCIDataTransferStatus) {
        guard let outgoing = session.outgoingData else { return }
        session.outgoingData = nil
        session.hasDataCredit = true
        send(.notification(.dataTransferStatus(
            sessionToken: session.handle, sequenceNumber: outgoing.shortSequenceNumber, status: status,
            transmitCount: UInt8(clamping: outgoing.attempts))))
        send(.notification(.dataCredit(sessionToken: session.handle, available: true)))
    }

    /// The status of a command of a group or opcode the server does not serve: the DATA_CONTROL
    /// group of UCI 1.x (its application data commands) is REJECTED, as the server carries data
    /// only in UCI 2.0's data packets; otherwise UNKNOWN_OID or UNKNOWN_GID.
    func unknownCommandStatus(group: UCIGroupID) -> UCIStatus {
        revision == .v1 && group == .dataControl ? .rejected : UCIInputStatus.unknown(group: group)
    }
}
