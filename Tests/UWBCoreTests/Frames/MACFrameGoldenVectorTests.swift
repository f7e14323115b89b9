import Testing
import UWBCore

/// A frame written out octet by octet from an outside source, with the fields it must decode to.
struct GoldenVector: Sendable, CustomTestStringConvertible {
    let shape: FrameShape
    /// The frame on the air, FCS included.
    let wire: [UInt8]
    /// Where the octets come from.
    let source: String

    var testDescription: String { shape.name }
}

/// Header octets were laid out by hand from IEEE 802.15.4-2006 §7.2 (fields little-endian). Every
/// FCS was computed with Python crcmod 1.7, `crcmod.predefined.mkCrcFun('kermit')`, except the
/// acknowledgement's, which is the standard's own worked example (§7.2.1.9).
let goldenVectors: [GoldenVector] = [
    GoldenVector(
        shape: FrameShape(
            name: "Decawave poll, sequence 0",
            destination: endpoint(0xDECA, .short(0x4157)),
            source: endpoint(0xDECA, .short(0x4556)),
            payload: [0x21]
        ),
        wire: [0x41, 0x88, 0x00, 0xCA, 0xDE, 0x57, 0x41, 0x56, 0x45, 0x21, 0xB1, 0x00],
        source: "Decawave DW1000 API examples, ex_05a_ds_twr_init tx_poll_msg; FCS from crcmod"
    ),
    GoldenVector(
        shape: FrameShape(
            name: "Decawave poll, sequence 0x2A",
            sequenceNumber: 0x2A,
            destination: endpoint(0xDECA, .short(0x4157)),
            source: endpoint(0xDECA, .short(0x4556)),
            payload: [0x21]
        ),
        wire: [0x41, 0x88, 0x2A, 0xCA, 0xDE, 0x57, 0x41, 0x56, 0x45, 0x21, 0x92, 0x90],
        source: "Decawave DW1000 API examples, ex_05a_ds_twr_init tx_poll_msg; FCS from crcmod"
    ),
    GoldenVector(
        shape: FrameShape(name: "acknowledgement of 0x6A", frameType: .acknowledgement, sequenceNumber: 0x6A),
        wire: [0x02, 0x00, 0x6A, 0xE4, 0x79],
        source: "IEEE 802.15.4-2006 §7.2.1.9 FCS example"
    ),
    GoldenVector(
        shape: FrameShape(
            name: "extended addresses in two PANs, acknowledgement requested, version 2006",
            sequenceNumber: 0x05,
            destination: endpoint(0x1234, .extended(0x0011_2233_4455_6677)),
            source: endpoint(0xABCD, .extended(0x8899_AABB_CCDD_EEFF)),
            payload: [0xDE, 0xAD, 0xBE, 0xEF],
            acknowledgementRequest: true,
            frameVersion: .ieee2006
        ),
        // Frame control 0xDC21: data (1) | ack request (1<<5) | dst extended (3<<10) | version 1 (1<<12) | src extended (3<<14).
        wire: [
            0x21, 0xDC, 0x05,
            0x34, 0x12, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, 0x00,
            0xCD, 0xAB, 0xFF, 0xEE, 0xDD, 0xCC, 0xBB, 0xAA, 0x99, 0x88,
            0xDE, 0xAD, 0xBE, 0xEF,
            0x60, 0x36,
        ],
        source: "laid out from IEEE 802.15.4-2006 §7.2; FCS from crcmod"
    ),
    GoldenVector(
        shape: FrameShape(
            name: "broadcast beacon request command",
            frameType: .macCommand,
            sequenceNumber: 0x2C,
            destination: MACEndpoint(pan: .broadcast, address: .broadcast),
            payload: [0x07]
        ),
        // Frame control 0x0803: MAC command, destination short, no source; command identifier 0x07.
        wire: [0x03, 0x08, 0x2C, 0xFF, 0xFF, 0xFF, 0xFF, 0x07, 0xAC, 0x9D],
        source: "IEEE 802.15.4-2006 §7.3.7 beacon request; FCS from crcmod"
    ),
    GoldenVector(
        shape: FrameShape(
            name: "beacon from coordinator 0x0001",
            frameType: .beacon,
            sequenceNumber: 0x11,
            source: endpoint(0xDECA, .short(0x0001)),
            payload: [0xFF, 0xCF, 0x00, 0x00]
        ),
        // Frame control 0x8000: beacon, source short, no destination; superframe spec 0xCFFF, no GTS, no pending addresses.
        wire: [0x00, 0x80, 0x11, 0xCA, 0xDE, 0x01, 0x00, 0xFF, 0xCF, 0x00, 0x00, 0x08, 0x6B],
        source: "laid out from IEEE 802.15.4-2006 §7.2.2.1; FCS from crcmod"
    ),
]

@Suite("MAC frame golden vectors")
struct MACFrameGoldenVectorTests {
    @Test("decodes to the expected fields", arguments: goldenVectors)
    func decodes(vector: GoldenVector) throws {
        #expect(try MACFrame(decoding: vector.wire) == vector.shape.frame())
    }

    @Test("encodes to the expected octets, FCS low octet first", arguments: goldenVectors)
    func encodes(vector: GoldenVector) throws {
        let frame = try vector.shape.frame()
        #expect(try frame.encoded() == vector.wire)
        #expect(try frame.encoded(includingFCS: false) == Array(vector.wire.dropLast(2)))
    }

    @Test("the Decawave poll builds with the data-frame convenience initialiser")
    func decawavePollConvenience() throws {
        let poll = MACFrame(
            dataIn: PANIdentifier(rawValue: 0xDECA),
            from: .short(0x4556),
            to: .short(0x4157),
            sequenceNumber: 0,
            payload: [0x21]
        )
        #expect(poll.panIDCompression)
        #expect(poll.frameControl.rawValue == 0x8841)
        #expect(try poll.encoded(includingFCS: false) == [0x41, 0x88, 0x00, 0xCA, 0xDE, 0x57, 0x41, 0x56, 0x45, 0x21])
    }

    @Test("the acknowledgement convenience initialiser gives 02 00 seq + FCS")
    func acknowledgementConvenience() throws {
        #expect(try MACFrame(acknowledging: 0x6A).encoded() == [0x02, 0x00, 0x6A, 0xE4, 0x79])
        // 0x07 -> FCS 0xC107 (crcmod); frame pending sets bit 4 of frame control.
        #expect(try MACFrame(acknowledging: 0x07).encoded() == [0x02, 0x00, 0x07, 0x07, 0xC1])
        #expect(try MACFrame(acknowledging: 0x07, framePending: true).encoded(includingFCS: false) == [0x12, 0x00, 0x07])
    }

    @Test("a decoded frame exposes its addresses")
    func decodedFields() throws {
        let poll = try MACFrame(decoding: [0x41, 0x88, 0x00, 0xCA, 0xDE, 0x57, 0x41, 0x56, 0x45, 0x21, 0xB1, 0x00])
        let destination = try #require(poll.destination)
        let source = try #require(poll.source)
        #expect(destination.address == .short(0x4157))
        #expect(source.address == .short(0x4556))
        #expect(source.pan == PANIdentifier(rawValue: 0xDECA))
        #expect(poll.payload == [0x21])
    }
}
