import UWBCore

extension RangingFrame {
    /// Parses a received MAC frame (without FCS, as ``ReceivedFrame/frame`` holds it).
    ///
    /// Checks the format only: use ``RangingLink/check(_:)`` to see whether the frame is meant
    /// for this session.
    ///
    /// A secured frame's security fields are read into ``protection``, not checked: use
    /// ``RangingLink/decode(_:)``, which checks them with the session's keys.
    ///
    /// - Throws: ``RangingFrameError`` naming the first problem: a bad MAC frame, not a data frame,
    ///   not short-addressed in one PAN, a security level or key identifier mode this format does
    ///   not use, a truncated or overlong payload, an unsupported version, an unknown type or
    ///   reserved flags.
    public init(decoding bytes: [UInt8]) throws(RangingFrameError) {
        let frame: MACFrame
        do {
            frame = try MACFrame(decoding: bytes, fcs: .absent)
        } catch {
            throw .macFrame(error)
        }
        guard frame.frameType == .data else { throw .notDataFrame(frame.frameType) }
        guard let destination = frame.destination, let source = frame.source,
              case .short(let destinationAddress) = destination.address,
              case .short(let sourceAddress) = source.address,
              destination.pan == source.pan
        else { throw .notShortAddressedWithinOnePAN }

        let payload = frame.payload
        let headerLength = RangingFrameFormat.payloadHeaderLength
        guard payload.count >= headerLength else { throw .truncated(needed: headerLength, present: payload.count) }
        guard payload[0] == RangingFrameFormat.version else { throw .unsupportedVersion(payload[0]) }
        guard let type = RangingMessageType(rawValue: payload[1]) else { throw .unknownMessageType(payload[1]) }
        guard payload[2] == 0 else { throw .reservedFlags(payload[2]) }
        if let security = frame.security {
            let header = security.header
            guard header.securityLevel == type.securityLevel, header.keyIdentifier.mode == 1 else {
                throw .unsupportedSecurity(level: header.securityLevel, keyIdentifierMode: header.keyIdentifier.mode)
            }
        }
        let (bodyLength, responders) = try Self.bodyLength(of: type, in: payload[headerLength...])
        let payloadCodes = frame.security == nil || !type.isGroupMessage ? 0 : responders - 1
        let codeLength = type.securityLevel.messageIntegrityCodeLength
        let end = headerLength + bodyLength
        let expected = end + payloadCodes * codeLength
        guard payload.count >= expected else { throw .truncated(needed: expected, present: payload.count) }
        guard payload.count == expected else { throw .tooLong(expected: expected, present: payload.count) }

        let session = (0..<4).reduce(UInt32(0)) { $0 | UInt32(payload[3 + $1]) << (8 * $1) }
        let round = UInt16(payload[7]) | UInt16(payload[8]) << 8
        let body = Array(payload[headerLength..<end])
        var protection: FrameProtection?
        if let security = frame.security {
            let codes = try stride(from: end, to: expected, by: codeLength).map { (start: Int) throws(RangingFrameError) in
                try MessageIntegrityCode(octets: Array(payload[start..<(start + codeLength)]))
            } + [MessageIntegrityCode(octets: security.messageIntegrityCode)]
            protection = FrameProtection(
                frameCounter: security.header.frameCounter, keyIndex: security.header.keyIdentifier.index ?? 0, codes: codes)
        }
        self.init(
            session: SessionIdentifier(rawValue: session), round: round, source: sourceAddress,
            destination: destinationAddress, pan: destination.pan, message: Self.message(of: type, body: body),
            protection: protection)
    }

    /// The length of the body of a `type` message that starts `body`, and how many responders it
    /// serves: fixed for the two-party messages (1 responder); read from the responder count
    /// (and, for a group FINAL, the bitmap of received RESPONSEs) for the group messages.
    private static func bodyLength(
        of type: RangingMessageType, in body: ArraySlice<UInt8>
    ) throws(RangingFrameError) -> (length: Int, responders: Int) {
        let headerLength = RangingFrameFormat.payloadHeaderLength
        func octet(_ offset: Int) throws(RangingFrameError) -> UInt8 {
            guard body.count > offset else { throw .truncated(needed: headerLength + offset + 1, present: headerLength + body.count) }
            return body[body.startIndex + offset]
        }
        switch type {
        case .poll, .response, .goodbye, .final, .report:
            return (type.bodyLength(responders: 1), 1)
        case .groupPoll:
            let count = Int(try octet(0))
            guard (1...RangingFrameFormat.maximumGroupSize).contains(count) else { throw .groupSize(count) }
            return (type.bodyLength(responders: count), count)
        case .groupFinal:
            let stamps = 2 * RangingFrameFormat.timestampLength
            let count = Int(try octet(stamps))
            guard (1...RangingFrameFormat.maximumGroupSize).contains(count) else { throw .groupSize(count) }
            let bitmap = UInt16(try octet(stamps + 1)) | UInt16(try octet(stamps + 2)) << 8
            let outside = bitmap & ~UInt16(truncatingIfNeeded: (1 << count) - 1)
            guard outside == 0 else { throw .groupSlotsOutOfRange(outside) }
            return (type.bodyLength(responders: count) - RangingFrameFormat.timestampLength * (count - bitmap.nonzeroBitCount), count)
        }
    }

    /// The message of `type` whose body (of exactly the length ``bodyLength(of:in:)`` found) is `body`.
    private static func message(of type: RangingMessageType, body: [UInt8]) -> RangingMessage {
        func timestamp(_ index: Int, from offset: Int = 0) -> DeviceTime {
            let start = offset + index * RangingFrameFormat.timestampLength
            let octets = body[start..<(start + RangingFrameFormat.timestampLength)]
            return DeviceTime(wrapping: octets.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        }
        switch type {
        case .poll:
            return .poll
        case .response:
            return .response
        case .goodbye:
            return .goodbye
        case .final:
            return .final(pollTransmitted: timestamp(0), responseReceived: timestamp(1), finalTransmitted: timestamp(2))
        case .report:
            let start = 3 * RangingFrameFormat.timestampLength
            let raw = (0..<4).reduce(UInt32(0)) { $0 | UInt32(body[start + $1]) << (8 * $1) }
            return .report(
                pollReceived: timestamp(0), responseTransmitted: timestamp(1), finalReceived: timestamp(2),
                timeOfFlight: ReportedTimeOfFlight(rawValue: Int32(bitPattern: raw)))
        case .groupPoll:
            let length = RangingFrameFormat.groupEntryLength
            return .groupPoll(entries: (0..<Int(body[0])).map { GroupPollEntry(octets: body[(1 + $0 * length)..<(1 + ($0 + 1) * length)]) })
        case .groupFinal:
            let counted = 2 * RangingFrameFormat.timestampLength
            let count = Int(body[counted])
            let bitmap = UInt16(body[counted + 1]) | UInt16(body[counted + 2]) << 8
            let stamps = counted + 1 + RangingFrameFormat.groupBitmapLength
            var next = 0
            let responses: [DeviceTime?] = (0..<count).map { slot in
                guard bitmap & (1 << slot) != 0 else { return nil }
                defer { next += 1 }
                return timestamp(next, from: stamps)
            }
            return .groupFinal(pollTransmitted: timestamp(0), finalTransmitted: timestamp(1), responsesReceived: responses)
        }
    }
}
