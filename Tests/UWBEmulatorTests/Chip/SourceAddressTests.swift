import Testing
import UWBCore
@testable import UWBEmulator

/// The short source address the medium reads from every frame sent, by which the emulator
/// service tells which device an app's measurement names as its peer.
@Suite("Frames' short source addresses")
struct SourceAddressTests {
    @Test("a ranging frame's short source address is read, secured or not")
    func rangingFrames() throws {
        let plain = MACFrame(
            dataIn: PANIdentifier(rawValue: 0xDECA), from: .short(0x1234), to: .short(0x5678), sequenceNumber: 1, payload: [1, 2])
        #expect(MACHeaderLayout.shortSourceAddress(of: try plain.encoded()) == 0x1234)
        // Frame control 0x9841: data, version 1 (2006), PAN ID compression, short addresses.
        #expect(MACHeaderLayout.shortSourceAddress(of: [0x41, 0x98, 0x07, 0xCA, 0xDE, 0x78, 0x56, 0x34, 0x12, 0, 0]) == 0x1234)
        // Without PAN ID compression the source PAN comes first: 0x8801, PAN 0xBEEF before the source.
        #expect(MACHeaderLayout.shortSourceAddress(of: [0x01, 0x88, 0x07, 0xCA, 0xDE, 0x78, 0x56, 0xEF, 0xBE, 0xCD, 0xAB, 0, 0])
            == 0xABCD)
    }

    @Test("frames without a short source address, of another version, or cut short give none", arguments: [
        [UInt8](), [0x41],
        // An acknowledgement: no addresses.
        [0x02, 0x00, 0x07, 0, 0],
        // Extended source address (0xC841).
        [0x41, 0xC8, 0x07, 0xCA, 0xDE, 0x78, 0x56] + [UInt8](repeating: 0x11, count: 8),
        // Frame version 2 (0xA841).
        [0x41, 0xA8, 0x07, 0xCA, 0xDE, 0x78, 0x56, 0x34, 0x12],
        // Cut before the source address's second octet.
        [0x41, 0x88, 0x07, 0xCA, 0xDE, 0x78, 0x56, 0x34],
    ])
    func none(frame: [UInt8]) {
        #expect(MACHeaderLayout.shortSourceAddress(of: frame) == nil)
    }
}
