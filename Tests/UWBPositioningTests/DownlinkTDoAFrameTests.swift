import Testing
import UWBCore
import UWBPositioning

@Suite("DL-TDoA frames: golden octets, round trips, foreign and malformed frames")
struct DownlinkTDoAFrameTests {
    static let position = Position(metres: Vector3(x: 1.5, y: -2.25, z: 3))

    @Test("a Poll: data frame, PAN compression, broadcast, then type, round, timestamp and position in millimetres")
    func poll() throws {
        let frame = DownlinkTDoAFrame(
            network: PANIdentifier(rawValue: 0x002A), anchor: 0x0001, destination: .broadcast,
            message: DownlinkTDoAMessage(kind: .poll, round: 0x0102, transmitted: DeviceTime(wrapping: 0x01_0203_0405), anchorPosition: Self.position))
        let octets: [UInt8] = [
            0x41, 0x88, 0x02, 0x2A, 0x00, 0xFF, 0xFF, 0x01, 0x00,  // frame control, sequence (round's low octet), PAN, to, from
            0x71, 0x02, 0x01,  // Poll, round 0x0102
            0x05, 0x04, 0x03, 0x02, 0x01,  // TX timestamp
            0xDC, 0x05, 0x00, 0x00, 0x36, 0xF7, 0xFF, 0xFF, 0xB8, 0x0B, 0x00, 0x00,  // 1500, −2250, 3000 mm
        ]
        #expect(try frame.encoded() == octets)
        #expect(try DownlinkTDoAFrame.decoded(from: octets) == frame)
    }

    @Test("a Response adds its reply time, the initiator's clock offset in parts per billion and its time of flight, and goes to the initiator")
    func response() throws {
        let message = DownlinkTDoAMessage(
            kind: .response(
                replyTime: DeviceDuration(ticks: 0x01_2345), initiatorClockOffset: ClockOffset(partsPerMillion: -2.5),
                timeOfFlight: DeviceDuration(ticks: 0x0A0B)),
            round: 7, transmitted: DeviceTime(wrapping: 0xFF_FFFF_FFFF), anchorPosition: .origin)
        let frame = DownlinkTDoAFrame(network: PANIdentifier(rawValue: 0xBEEF), anchor: 0x0102, destination: .short(0x0003), message: message)
        var octets: [UInt8] = [
            0x41, 0x88, 0x07, 0xEF, 0xBE, 0x03, 0x00, 0x02, 0x01,
            0x72, 0x07, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
            0x45, 0x23, 0x01, 0x00, 0x00,  // reply time
            0x3C, 0xF6, 0xFF, 0xFF,  // −2500 ppb
            0x0B, 0x0A,  // time of flight, 2571 ticks (12.06 m)
        ]
        #expect(try frame.encoded() == octets)
        #expect(try DownlinkTDoAFrame.decoded(from: octets) == frame)
        // A responder that has not ranged yet sends 0xFFFF: none.
        let first = DownlinkTDoAFrame(
            network: frame.network, anchor: frame.anchor, destination: frame.destination,
            message: DownlinkTDoAMessage(
                kind: .response(replyTime: DeviceDuration(ticks: 0x01_2345), initiatorClockOffset: ClockOffset(partsPerMillion: -2.5), timeOfFlight: nil),
                round: 7, transmitted: DeviceTime(wrapping: 0xFF_FFFF_FFFF), anchorPosition: .origin))
        octets.replaceSubrange(octets.count - 2..<octets.count, with: [0xFF, 0xFF])
        #expect(try first.encoded() == octets)
        #expect(try DownlinkTDoAFrame.decoded(from: octets) == first)
    }

    @Test("a Final lists the Responses the initiator received: their number, then each responder's address and RX timestamp")
    func finalWithResponses() throws {
        let frame = DownlinkTDoAFrame(
            network: PANIdentifier(rawValue: 0x002A), anchor: 0x0001, destination: .broadcast,
            message: DownlinkTDoAMessage(
                kind: .final(responses: [
                    DownlinkTDoAResponseReception(responder: 0x0002, received: DeviceTime(wrapping: 0x10_2030_4050)),
                    DownlinkTDoAResponseReception(responder: 0x0104, received: DeviceTime(wrapping: 0x00_0000_0001)),
                ]),
                round: 0x0102, transmitted: DeviceTime(wrapping: 0x01_0203_0405), anchorPosition: Self.position))
        let octets: [UInt8] = [
            0x41, 0x88, 0x02, 0x2A, 0x00, 0xFF, 0xFF, 0x01, 0x00,
            0x73, 0x02, 0x01,  // Final, round 0x0102
            0x05, 0x04, 0x03, 0x02, 0x01,
            0xDC, 0x05, 0x00, 0x00, 0x36, 0xF7, 0xFF, 0xFF, 0xB8, 0x0B, 0x00, 0x00,
            0x02,  // two Responses
            0x02, 0x00, 0x50, 0x40, 0x30, 0x20, 0x10,  // from 0x0002, received at 0x1020304050
            0x04, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00,  // from 0x0104, received at 1
        ]
        #expect(try frame.encoded() == octets)
        #expect(try DownlinkTDoAFrame.decoded(from: octets) == frame)
        // A count that disagrees with the entries is malformed.
        var miscounted = octets
        miscounted[29] = 3
        #expect(throws: DownlinkTDoAFrameError.self) { try DownlinkTDoAFrame.decoded(from: miscounted) }
    }

    @Test("a Final holds as many Responses as a 127-octet frame with the anchor's floor: 13")
    func finalCapacity() throws {
        #expect(DownlinkTDoAFrame.maximumResponsesInFinal == 13)
        let entries = (0..<14).map { DownlinkTDoAResponseReception(responder: UInt16($0), received: .zero) }
        let floor = FloorElevation(floorNumber: 1, heightAboveFloor: Distance(metres: 3))
        func final(_ count: Int) -> DownlinkTDoAFrame {
            DownlinkTDoAFrame(
                network: PANIdentifier(rawValue: 1), anchor: 1, destination: .broadcast,
                message: DownlinkTDoAMessage(
                    kind: .final(responses: Array(entries.prefix(count))), round: 1, transmitted: .zero, anchorPosition: .origin, anchorFloor: floor))
        }
        let full = try final(13).encoded()
        // 126 octets with the 2-octet FCS: a fourteenth entry's 7 would pass 127.
        #expect(full.count + 2 == 126)
        #expect(try DownlinkTDoAFrame.decoded(from: full) == final(13))
        #expect(throws: DownlinkTDoAFrameError.tooManyResponses(14)) { try final(14).encoded() }
    }

    @Test("an anchor's floor follows the rest: the floor number in 8 bits, the height above it in signed 16-bit millimetres")
    func floor() throws {
        let floor = FloorElevation(floorNumber: -2, heightAboveFloor: Distance(metres: 2.8))
        let frame = DownlinkTDoAFrame(
            network: PANIdentifier(rawValue: 0x002A), anchor: 0x0001, destination: .broadcast,
            message: DownlinkTDoAMessage(
                kind: .final(responses: []), round: 0x0102, transmitted: DeviceTime(wrapping: 0x01_0203_0405), anchorPosition: Self.position,
                anchorFloor: floor))
        let octets: [UInt8] = [
            0x41, 0x88, 0x02, 0x2A, 0x00, 0xFF, 0xFF, 0x01, 0x00,
            0x73, 0x02, 0x01,  // Final, round 0x0102
            0x05, 0x04, 0x03, 0x02, 0x01,
            0xDC, 0x05, 0x00, 0x00, 0x36, 0xF7, 0xFF, 0xFF, 0xB8, 0x0B, 0x00, 0x00,
            0x00,  // no Responses heard
            0xFE, 0xF0, 0x0A,  // floor −2, 2800 mm above it
        ]
        #expect(try frame.encoded() == octets)
        #expect(try DownlinkTDoAFrame.decoded(from: octets) == frame)
        let basement = FloorElevation(floorNumber: -129, heightAboveFloor: .zero)
        #expect(throws: DownlinkTDoAFrameError.floorOutOfRange(basement)) {
            try DownlinkTDoAFrame(
                network: PANIdentifier(rawValue: 1), anchor: 1, destination: .broadcast,
                message: DownlinkTDoAMessage(kind: .poll, round: 1, transmitted: .zero, anchorPosition: .origin, anchorFloor: basement)).encoded()
        }
    }

    @Test("frames of other protocols are not DL-TDoA frames; a truncated one is malformed")
    func foreignAndMalformed() throws {
        let data = try MACFrame(dataIn: PANIdentifier(rawValue: 1), from: .short(1), to: .broadcast, sequenceNumber: 0, payload: [0x61, 0, 0])
            .encoded(includingFCS: false)
        #expect(try DownlinkTDoAFrame.decoded(from: data) == nil)
        #expect(try DownlinkTDoAFrame.decoded(from: [0x01]) == nil)
        let final = try DownlinkTDoAFrame(
            network: PANIdentifier(rawValue: 1), anchor: 1, destination: .broadcast,
            message: DownlinkTDoAMessage(kind: .final(responses: []), round: 1, transmitted: .zero, anchorPosition: .origin)).encoded()
        #expect(throws: DownlinkTDoAFrameError.self) { try DownlinkTDoAFrame.decoded(from: Array(final.dropLast())) }
    }

    @Test("a position or reply time the frame cannot carry is refused")
    func outOfRange() {
        let far = Position(metres: Vector3(x: 3e6, y: 0, z: 0))
        #expect(throws: DownlinkTDoAFrameError.positionOutOfRange(far)) {
            try DownlinkTDoAFrame(
                network: PANIdentifier(rawValue: 1), anchor: 1, destination: .broadcast,
                message: DownlinkTDoAMessage(kind: .poll, round: 1, transmitted: .zero, anchorPosition: far)).encoded()
        }
        let negative = DeviceDuration(ticks: -1)
        #expect(throws: DownlinkTDoAFrameError.replyTimeOutOfRange(negative)) {
            try DownlinkTDoAFrame(
                network: PANIdentifier(rawValue: 1), anchor: 1, destination: .short(2),
                message: DownlinkTDoAMessage(
                    kind: .response(replyTime: negative, initiatorClockOffset: .zero, timeOfFlight: nil), round: 1, transmitted: .zero,
                    anchorPosition: .origin))
                .encoded()
        }
        for flight in [DeviceDuration(ticks: -1), DeviceDuration(ticks: 0xFFFF)] {
            #expect(throws: DownlinkTDoAFrameError.timeOfFlightOutOfRange(flight)) {
                try DownlinkTDoAFrame(
                    network: PANIdentifier(rawValue: 1), anchor: 1, destination: .short(2),
                    message: DownlinkTDoAMessage(
                        kind: .response(replyTime: .zero, initiatorClockOffset: .zero, timeOfFlight: flight), round: 1, transmitted: .zero,
                        anchorPosition: .origin))
                    .encoded()
            }
        }
    }
}

@Suite("UL-TDoA blinks: golden octets and foreign frames")
struct UplinkTDoABlinkTests {
    @Test("a blink: data frame, PAN compression, broadcast from the tag, then type 0x74 and the blink's number")
    func blink() throws {
        let blink = UplinkTDoABlink(network: PANIdentifier(rawValue: 0x1234), tag: 0x0109, sequence: 0xABCD)
        let octets: [UInt8] = [0x41, 0x88, 0xCD, 0x34, 0x12, 0xFF, 0xFF, 0x09, 0x01, 0x74, 0xCD, 0xAB]
        #expect(try blink.encoded() == octets)
        #expect(UplinkTDoABlink.decoded(from: octets) == blink)
        // A DL-TDoA Poll and a truncated blink are not blinks.
        let poll = try DownlinkTDoAFrame(
            network: PANIdentifier(rawValue: 1), anchor: 1, destination: .broadcast,
            message: DownlinkTDoAMessage(kind: .poll, round: 1, transmitted: .zero, anchorPosition: .origin)).encoded()
        #expect(UplinkTDoABlink.decoded(from: poll) == nil)
        #expect(UplinkTDoABlink.decoded(from: Array(octets.dropLast())) == nil)
    }
}
