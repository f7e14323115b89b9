import Testing
import UWBCore

/// Bit positions follow IEEE 802.15.4-2006 §7.2.1.1 (Figure 35); the raw values below were worked
/// out by hand from that table.
@Suite("Frame control field")
struct FrameControlTests {
    @Test("0x8841, the Decawave ranging frame control, is a compressed short-to-short data frame")
    func decawaveFrameControl() throws {
        let control = try FrameControl(rawValue: 0x8841)
        #expect(control.frameType == .data)
        #expect(!control.securityEnabled)
        #expect(!control.framePending)
        #expect(!control.acknowledgementRequest)
        #expect(control.panIDCompression)
        #expect(control.destinationAddressingMode == .short)
        #expect(control.frameVersion == 0)
        #expect(control.sourceAddressingMode == .short)
        #expect(control.rawValue == 0x8841)
    }

    @Test("each flag sits at its own bit")
    func flagBits() throws {
        let control = try FrameControl(
            frameType: .macCommand,
            securityEnabled: true,
            framePending: true,
            acknowledgementRequest: true,
            panIDCompression: true,
            destinationAddressingMode: .extended,
            frameVersion: 1,
            sourceAddressingMode: .none
        )
        // 3 | 1<<3 | 1<<4 | 1<<5 | 1<<6 | 3<<10 | 1<<12 | 0<<14
        #expect(control.rawValue == 0x1C7B)
        #expect(try FrameControl(rawValue: 0x1C7B) == control)
    }

    @Test("frame versions 2 and 3 are representable here; MACFrame rejects them", arguments: [UInt8(2), 3])
    func laterVersionsAreRepresentable(version: UInt8) throws {
        let control = try FrameControl(rawValue: 0x8841 | UInt16(version) << 12)
        #expect(control.frameVersion == version)
    }

    @Test("reserved frame types 4 to 7 are rejected", arguments: UInt8(4)...7)
    func reservedFrameTypes(type: UInt8) {
        #expect(throws: MACFrameError.reservedFrameType(type)) {
            try FrameControl(rawValue: 0x8840 | UInt16(type))
        }
    }

    @Test("addressing mode 1 is rejected for either address")
    func reservedAddressingModes() {
        #expect(throws: MACFrameError.reservedAddressingMode(.destinationAddress)) {
            try FrameControl(rawValue: 0x0401)
        }
        #expect(throws: MACFrameError.reservedAddressingMode(.sourceAddress)) {
            try FrameControl(rawValue: 0x4001)
        }
    }

    @Test("reserved bits 7 to 9 are rejected", arguments: [UInt16(0x0080), 0x0100, 0x0200])
    func reservedBits(bit: UInt16) {
        #expect(throws: MACFrameError.reservedFrameControlBits(bit)) {
            try FrameControl(rawValue: 0x8841 | bit)
        }
    }

    @Test("a frame version that does not fit in 2 bits is rejected")
    func versionOutOfRange() {
        #expect(throws: MACFrameError.frameVersionOutOfRange(4)) {
            try FrameControl(frameType: .data, destinationAddressingMode: .short, frameVersion: 4, sourceAddressingMode: .short)
        }
    }
}
