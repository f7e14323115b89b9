import UWBCore

extension RangingFrame {
    /// Parses a received MAC frame (without FCS, as ``ReceivedFrame/frame`` holds it).
    ///
    /// Checks the format only: use ``RangingLink/check(_:)`` to see whether the frame is meant
    /// for this session.
    ///
    /// - Throws: ``RangingFrameError`` naming the first problem: a bad MAC frame, not a data frame,
    ///   not short-addressed in one PAN, a truncated or overlong payload, an unsupported version,
    ///   an unknown type or reserved flags.
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
        let flags = payload[2]
        let reserved = flags & ~RangingFrameFormat.messageIntegrityCodeFlag
        guard reserved == 0 else { throw .reservedFlags(reserved) }
        let hasMIC = flags & RangingFrameFormat.messageIntegrityCodeFlag != 0
        let expected = headerLength + type.bodyLength + (hasMIC ? MessageIntegrityCode.length : 0)
        guard payload.count >= expected else { throw .truncated(needed: expected, present: payload.count) }
        guard payload.count == expected else { throw .tooLong(expected: expected, present: payload.count) }

        let session = (0..<4).reduce(UInt32(0)) { $0 | UInt32(payload[3 + $1]) << (8 * $1) }
        let round = UInt16(payload[7]) | UInt16(payload[8]) << 8
        let body = Array(payload[headerLength..<(headerLength + type.bodyLength)])
        self.init(
            session: SessionIdentifier(rawValue: session), round: round, source: sourceAddress,
            destination: destinationAddress, pan: destination.pan, message: Self.message(of: type, body: body),
            messageIntegrityCode: hasMIC ? try MessageIntegrityCode(octets: Array(payload[expected - MessageIntegrityCode.length..<expected])) : nil)
    }

    /// The message of `type` whose body (of exactly `type.bodyLength` octets) is `body`.
    private static func message(of type: RangingMessageType, body: [UInt8]) -> RangingMessage {
        func timestamp(_ index: Int) -> DeviceTime {
            let start = index * RangingFrameFormat.timestampLength
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
        }
    }
}
