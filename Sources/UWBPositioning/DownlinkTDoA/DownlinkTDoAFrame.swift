import UWBCore
import UWBRanging

/// A DL-TDoA message as a MAC frame: the message, the network (PAN) it belongs to, the anchor's
/// short address and where it is sent (the initiator for a Response, broadcast otherwise).
///
/// The payload, all fields little-endian (`Docs/positioning.md` has the table):
///
/// | Octets | Field |
/// |---|---|
/// | 1 | type: 0x71 Poll, 0x72 Response, 0x73 Final |
/// | 2 | round number |
/// | 5 | TX timestamp, 40-bit device time |
/// | 12 | anchor position: x, y, z, signed 32-bit millimetres |
/// | 5 | Response only: reply time, 40-bit device ticks |
/// | 4 | Response only: initiator clock offset, signed 32-bit parts per billion |
/// | 2 | Response only: time of flight to the initiator, device ticks; 0xFFFF for none yet |
/// | 1 | Final only: the number of Responses listed (those the initiator received, at most ``maximumResponsesInFinal``) |
/// | 7 each | Final only: a responder's short address (2) and its Response's RX timestamp (5) |
/// | 3 | optional, last: the anchor's floor number (signed 8-bit) and height above it (signed 16-bit millimetres) |
public struct DownlinkTDoAFrame: Hashable, Sendable {
    /// The network the anchors serve: the frame's PAN identifier.
    public let network: PANIdentifier
    /// The sending anchor's short address.
    public let anchor: UInt16
    /// The receiving address: the initiator's for a Response, ``MACAddress/broadcast`` otherwise.
    public let destination: MACAddress
    /// What the frame says.
    public let message: DownlinkTDoAMessage

    /// A frame of `message` from `anchor` in `network` to `destination`.
    public init(network: PANIdentifier, anchor: UInt16, destination: MACAddress, message: DownlinkTDoAMessage) {
        self.network = network
        self.anchor = anchor
        self.destination = destination
        self.message = message
    }

    /// The type octets: 0x71 to 0x73, apart from the ranging frames' 0x61 to 0x67.
    enum TypeCode: UInt8 {
        case poll = 0x71
        case response = 0x72
        case final = 0x73
    }

    /// Octets of every message: type (1), round (2), timestamp (5), position (3 × 4).
    static let commonLength = 20
    /// Octets a Response adds: reply time (5), clock offset (4), time of flight (2).
    static let responseExtraLength = 11
    /// Octets a Final adds before its Responses: their number (1).
    static let finalExtraLength = 1
    /// Octets a Final gives each Response: the responder's address (2), the RX timestamp (5).
    static let finalEntryLength = 7
    /// The time of flight that means "none measured yet".
    static let noTimeOfFlight = UInt16.max
    /// The most Responses a Final can list: as many as fit a 127-octet frame (IEEE 802.15.4
    /// aMaxPHYPacketSize) with the anchor's floor: 13. A larger cluster's later responders are
    /// left out, and measure no time of flight.
    public static let maximumResponsesInFinal =
        (PHRMode.standard.maximumFrameLength - RangingFrameFormat.macHeaderLength - RangingFrameFormat.frameCheckSequenceLength
            - commonLength - floorLength - finalExtraLength) / finalEntryLength
    /// Octets the anchor's floor adds: floor number (1), height above it (2).
    static let floorLength = 3
    /// Position units per metre: millimetres.
    static let positionUnitsPerMetre = 1000.0
    /// Clock-offset units per ppm: parts per billion.
    static let clockOffsetUnitsPerPPM = 1000.0

    /// The MAC frame without its FCS, ready for ``UWBCore/Transceiver/transmit(_:at:awaiting:)``.
    ///
    /// - Throws: ``DownlinkTDoAFrameError/positionOutOfRange(_:)`` for a coordinate that is not
    ///   finite or beyond ±2147 km, ``DownlinkTDoAFrameError/replyTimeOutOfRange(_:)`` for a
    ///   negative reply time or one of 2⁴⁰ ticks or more,
    ///   ``DownlinkTDoAFrameError/clockOffsetOutOfRange(_:)`` for an offset beyond ±2.1 × 10⁶ ppm,
    ///   ``DownlinkTDoAFrameError/timeOfFlightOutOfRange(_:)`` for a negative time of flight or one of
    ///   0xFFFF ticks or more, ``DownlinkTDoAFrameError/tooManyResponses(_:)`` for a Final listing more
    ///   than ``maximumResponsesInFinal``,
    ///   ``DownlinkTDoAFrameError/floorOutOfRange(_:)`` for a floor the frame cannot carry.
    public func encoded() throws(DownlinkTDoAFrameError) -> [UInt8] {
        var payload: [UInt8] = []
        let code: TypeCode = switch message.kind {
        case .poll: .poll
        case .response: .response
        case .final: .final
        }
        payload.append(code.rawValue)
        payload.appendLittleEndian(message.round)
        payload += message.transmitted.littleEndianOctets
        for value in try Self.millimetres(of: message.anchorPosition) {
            payload.appendLittleEndian(UInt32(bitPattern: value))
        }
        switch message.kind {
        case .poll:
            break
        case .response(let replyTime, let offset, let flight):
            guard replyTime.ticks >= 0, UInt64(replyTime.ticks) <= DeviceClock.maximumTicks else {
                throw .replyTimeOutOfRange(replyTime)
            }
            payload += DeviceTime(wrapping: UInt64(replyTime.ticks)).littleEndianOctets
            guard let units = Int32(exactly: (offset.partsPerMillion * Self.clockOffsetUnitsPerPPM).rounded()) else {
                throw .clockOffsetOutOfRange(offset)
            }
            payload.appendLittleEndian(UInt32(bitPattern: units))
            if let flight {
                guard let ticks = UInt16(exactly: flight.ticks), ticks != Self.noTimeOfFlight else { throw .timeOfFlightOutOfRange(flight) }
                payload.appendLittleEndian(ticks)
            } else {
                payload.appendLittleEndian(Self.noTimeOfFlight)
            }
        case .final(let responses):
            guard responses.count <= Self.maximumResponsesInFinal else { throw .tooManyResponses(responses.count) }
            payload.append(UInt8(responses.count))
            for response in responses {
                payload.appendLittleEndian(response.responder)
                payload += response.received.littleEndianOctets
            }
        }
        if let floor = message.anchorFloor {
            let (number, height) = try Self.octets(of: floor)
            payload.append(UInt8(bitPattern: number))
            payload.appendLittleEndian(UInt16(bitPattern: height))
        }
        let frame = MACFrame(
            dataIn: network, from: .short(anchor), to: destination, sequenceNumber: UInt8(truncatingIfNeeded: message.round),
            payload: payload)
        do {
            return try frame.encoded(includingFCS: false)
        } catch {
            throw .macFrame(error)
        }
    }

    /// `position`'s coordinates as the frame carries them: signed 32-bit millimetres.
    ///
    /// - Throws: ``DownlinkTDoAFrameError/positionOutOfRange(_:)`` for a coordinate that is not
    ///   finite or beyond ±2147 km.
    static func millimetres(of position: Position) throws(DownlinkTDoAFrameError) -> [Int32] {
        let point = position.metres
        return try [point.x, point.y, point.z].map { (coordinate) throws(DownlinkTDoAFrameError) -> Int32 in
            guard let value = Int32(exactly: (coordinate * positionUnitsPerMetre).rounded()) else { throw .positionOutOfRange(position) }
            return value
        }
    }

    /// `floor` as the frame carries it: the floor number in 8 bits, the height in signed 16-bit millimetres.
    ///
    /// - Throws: ``DownlinkTDoAFrameError/floorOutOfRange(_:)`` for a floor or height that does not fit.
    static func octets(of floor: FloorElevation) throws(DownlinkTDoAFrameError) -> (number: Int8, height: Int16) {
        let height = (floor.heightAboveFloor.metres * positionUnitsPerMetre).rounded()
        guard let number = Int8(exactly: floor.floorNumber), height.isFinite, let millimetres = Int16(exactly: height) else {
            throw .floorOutOfRange(floor)
        }
        return (number, millimetres)
    }

    /// The DL-TDoA frame `octets` (a MAC frame without its FCS) holds, or `nil` for any other frame
    /// (ranging, data, another protocol's), which a tag hears as well and ignores.
    ///
    /// - Throws: ``DownlinkTDoAFrameError/malformed(_:)`` for a frame that claims to be one (a data
    ///   frame from a short address whose payload starts with a DL-TDoA type) but is not.
    public static func decoded(from octets: [UInt8]) throws(DownlinkTDoAFrameError) -> DownlinkTDoAFrame? {
        guard let frame = try? MACFrame(decoding: octets, fcs: .absent), frame.frameType == .data, frame.security == nil,
            let source = frame.source, case .short(let anchor) = source.address, let destination = frame.destination,
            let first = frame.payload.first, let code = TypeCode(rawValue: first)
        else { return nil }
        let payload = frame.payload
        let expected: Int
        switch code {
        case .poll: expected = Self.commonLength
        case .response: expected = Self.commonLength + Self.responseExtraLength
        case .final:
            guard payload.count > Self.commonLength else {
                throw .malformed("a DL-TDoA final payload of \(payload.count) octets, shorter than its \(Self.commonLength + Self.finalExtraLength)")
            }
            expected = Self.commonLength + Self.finalExtraLength + Int(payload[Self.commonLength]) * Self.finalEntryLength
        }
        guard payload.count == expected || payload.count == expected + Self.floorLength else {
            throw .malformed("a DL-TDoA \(code) payload of \(payload.count) octets, not \(expected) (or \(expected + Self.floorLength) with a floor)")
        }
        func integer(_ offset: Int, _ length: Int) -> UInt64 {
            Self.integer(in: payload, at: offset, length: length)
        }
        func coordinate(_ index: Int) -> Double {
            Double(Int32(bitPattern: UInt32(integer(8 + 4 * index, 4)))) / Self.positionUnitsPerMetre
        }
        let kind: DownlinkTDoAMessage.Kind
        switch code {
        case .poll:
            kind = .poll
        case .final:
            let first = Self.commonLength + Self.finalExtraLength
            kind = .final(responses: (0..<Int(payload[Self.commonLength])).map { entry in
                let offset = first + entry * Self.finalEntryLength
                return DownlinkTDoAResponseReception(
                    responder: UInt16(integer(offset, 2)), received: DeviceTime(wrapping: integer(offset + 2, 5)))
            })
        case .response:
            let flight = UInt16(integer(29, 2))
            kind = .response(
                replyTime: DeviceDuration(ticks: Int64(integer(20, 5))),
                initiatorClockOffset: ClockOffset(
                    partsPerMillion: Double(Int32(bitPattern: UInt32(integer(25, 4)))) / Self.clockOffsetUnitsPerPPM),
                timeOfFlight: flight == Self.noTimeOfFlight ? nil : DeviceDuration(ticks: Int64(flight)))
        }
        let floor: FloorElevation? = payload.count == expected ? nil : FloorElevation(
            floorNumber: Int(Int8(bitPattern: payload[expected])),
            heightAboveFloor: Distance(metres: Double(Int16(bitPattern: UInt16(integer(expected + 1, 2)))) / Self.positionUnitsPerMetre))
        let message = DownlinkTDoAMessage(
            kind: kind, round: UInt16(integer(1, 2)), transmitted: DeviceTime(wrapping: integer(3, 5)),
            anchorPosition: Position(metres: Vector3(x: coordinate(0), y: coordinate(1), z: coordinate(2))), anchorFloor: floor)
        return DownlinkTDoAFrame(network: source.pan, anchor: anchor, destination: destination.address, message: message)
    }

    /// The little-endian unsigned integer of `length` octets (at most 8) at `offset` in `payload`,
    /// which holds them.
    private static func integer(in payload: [UInt8], at offset: Int, length: Int) -> UInt64 {
        // From the last octet down, each shifting the ones before up: no shift by a computed amount,
        // no stride.
        var value: UInt64 = 0
        var index = offset + length
        while index > offset {
            index -= 1
            value = value &<< 8 | UInt64(payload[index])
        }
        return value
    }
}
