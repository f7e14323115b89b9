import Testing
import UWBCore

let roundTripShapes: [FrameShape] = [
    FrameShape(
        name: "short to short in one PAN (compressed)",
        sequenceNumber: 1,
        destination: endpoint(0xDECA, .short(0x0102)),
        source: endpoint(0xDECA, .short(0x0304)),
        payload: [0xE0, 0x01, 0x02]
    ),
    FrameShape(
        name: "extended to extended across PANs",
        sequenceNumber: 0xFF,
        destination: endpoint(0x0001, .extended(0xFEDC_BA98_7654_3210)),
        source: endpoint(0x0002, .extended(0x0123_4567_89AB_CDEF)),
        payload: Array(0..<40)
    ),
    FrameShape(
        name: "short destination, extended source, one PAN",
        destination: endpoint(0x7777, .short(0x1234)),
        source: endpoint(0x7777, .extended(0x1122_3344_5566_7788)),
        payload: [0x00]
    ),
    FrameShape(
        name: "broadcast data with pending frames and acknowledgement request, version 2006",
        sequenceNumber: 9,
        destination: MACEndpoint(pan: .broadcast, address: .broadcast),
        source: endpoint(0x4242, .short(0x0007)),
        payload: [0xAA, 0xBB],
        framePending: true,
        acknowledgementRequest: true,
        frameVersion: .ieee2006
    ),
    FrameShape(name: "destination only, empty payload", frameType: .macCommand, destination: endpoint(0x0F0F, .short(0)), payload: []),
    FrameShape(name: "source only beacon", frameType: .beacon, source: endpoint(0x1000, .extended(1)), payload: [0xFF, 0xCF, 0, 0]),
    FrameShape(name: "no addresses data frame", payload: [1, 2, 3]),
    FrameShape(name: "acknowledgement with frame pending", frameType: .acknowledgement, sequenceNumber: 0x80, framePending: true),
]

@Suite("MAC frame round trips")
struct MACFrameRoundTripTests {
    @Test("encode then decode with a verified FCS gives the same frame", arguments: roundTripShapes)
    func withFCS(shape: FrameShape) throws {
        let frame = try shape.frame()
        let wire = try frame.encoded()
        #expect(try MACFrame(decoding: wire) == frame)
        #expect(try MACFrame(decoding: wire, fcs: .ignore) == frame)
    }

    @Test("encode without FCS then decode with FCS absent gives the same frame", arguments: roundTripShapes)
    func withoutFCS(shape: FrameShape) throws {
        let frame = try shape.frame()
        let mpdu = try frame.encoded(includingFCS: false)
        #expect(try MACFrame(decoding: mpdu, fcs: .absent) == frame)
        #expect(try Array(frame.encoded().dropLast(2)) == mpdu)
    }

    @Test("PAN ID compression is derived: set exactly for two addresses in one PAN", arguments: roundTripShapes)
    func compressionIsDerived(shape: FrameShape) throws {
        let frame = try shape.frame()
        let expected = shape.destination != nil && shape.destination?.pan == shape.source?.pan
        #expect(frame.panIDCompression == expected)
        #expect(frame.frameControl.panIDCompression == expected)
    }

    @Test("frames up to the extended PHR limit round-trip", arguments: [0, 116, 117, 500, 1012])
    func longFrames(payloadLength: Int) throws {
        let frame = MACFrame(
            dataIn: PANIdentifier(rawValue: 0xDECA), from: .short(1), to: .short(2), sequenceNumber: 3,
            payload: (0..<payloadLength).map { UInt8(truncatingIfNeeded: $0) }
        )
        let wire = try frame.encoded(phrMode: .extended)
        #expect(wire.count == 9 + payloadLength + 2)
        #expect(try MACFrame(decoding: wire, phrMode: .extended) == frame)
    }
}
