import Testing
import UWBCore

@Suite("MAC addresses and PAN identifiers")
struct MACAddressTests {
    @Test("short addresses print as four uppercase hex digits")
    func shortDescription() {
        #expect(MACAddress.short(0xABCD).description == "0xABCD")
        #expect(MACAddress.short(0x0001).description == "0x0001")
    }

    @Test("extended addresses print as colon-separated octets, most significant first")
    func extendedDescription() {
        #expect(MACAddress.extended(0x0123_4567_89AB_CDEF).description == "01:23:45:67:89:ab:cd:ef")
        #expect(MACAddress.extended(0x00_00_00_00_00_00_00_0A).description == "00:00:00:00:00:00:00:0a")
    }

    @Test("broadcast constants are 0xFFFF")
    func broadcastConstants() {
        #expect(MACAddress.broadcast == .short(0xFFFF))
        #expect(PANIdentifier.broadcast.rawValue == 0xFFFF)
        #expect(PANIdentifier.broadcast.description == "0xFFFF")
    }

    @Test("addresses report the addressing mode that announces them")
    func addressingModes() {
        #expect(MACAddress.short(1).addressingMode == .short)
        #expect(MACAddress.extended(1).addressingMode == .extended)
    }

    @Test("PHR modes bound the frame length including the FCS")
    func phrModeLimits() {
        #expect(PHRMode.standard.maximumFrameLength == 127)
        #expect(PHRMode.extended.maximumFrameLength == 1023)
    }
}
