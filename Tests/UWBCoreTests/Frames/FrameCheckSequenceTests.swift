import Testing
import UWBCore

/// Expected values come from outside this code base:
/// - 0x2189 is the catalogued check value of CRC-16/KERMIT (Greg Cook's CRC catalogue,
///   "CRC-16/KERMIT: width=16 poly=0x1021 init=0x0000 refin=true refout=true xorout=0x0000 check=0x2189").
/// - 0x79E4 is the worked example of IEEE 802.15.4-2006 §7.2.1.9 (reproduced in Microchip's
///   AT86RF2xx documentation, "CRC Calculation"): the acknowledgement frame whose MHR bits are
///   0100 0000 0000 0000 0101 0110 (octets 02 00 6A) has FCS bits 0010 0111 1001 1110, r0 first
///   on the air, i.e. octets E4 79.
/// - The rest were computed with Python's crcmod 1.7 (`pip install crcmod`,
///   `crcmod.predefined.mkCrcFun('kermit')`), an implementation independent of this one.
@Suite("Frame check sequence (CRC-16/KERMIT)")
struct FrameCheckSequenceTests {
    @Test("matches the catalogue check value for ASCII 123456789")
    func catalogueCheckValue() {
        #expect(FrameCheckSequence.compute(Array("123456789".utf8)) == 0x2189)
    }

    @Test("matches the IEEE 802.15.4-2006 acknowledgement example")
    func standardAcknowledgementExample() {
        #expect(FrameCheckSequence.compute([0x02, 0x00, 0x6A]) == 0x79E4)
    }

    @Test(
        "matches crcmod's kermit function",
        arguments: [
            ([], 0x0000),
            ([0x00], 0x0000),
            ([0xFF], 0x0F78),
            ([0x41, 0x88, 0x00, 0xCA, 0xDE, 0x57, 0x41, 0x56, 0x45, 0x21], 0x00B1),
            ([0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F, 0x10], 0x5239),
            (Array("The quick brown fox jumps over the lazy dog".utf8), 0xC459),
        ] as [([UInt8], UInt16)]
    )
    func independentVectors(bytes: [UInt8], expected: UInt16) {
        #expect(FrameCheckSequence.compute(bytes) == expected)
    }

    @Test("accepts any sequence of octets, not only arrays")
    func acceptsAnySequence() {
        let bytes: [UInt8] = [0x02, 0x00, 0x6A, 0xFF]
        #expect(FrameCheckSequence.compute(bytes.dropLast()) == 0x79E4)
    }
}
