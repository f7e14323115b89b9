import DW3000Driver
import Testing
import UWBCore
import UWBTestSupport

/// `DW3000RegisterReading` and what a dump may read of the DW3000 map, as `uwb registers --read`
/// uses them on a DW3000-family chip.
@Suite("Reading and decoding DW3000 registers")
struct DW3000RegisterReadingTests {
    @Test("DEV_ID read through the driver's register access over the bus decodes as the map says")
    func deviceID() throws {
        let bus = FakeSPIBus(addressing: .dw3000)
        bus.preset(file: 0x00, [0x12, 0x03, 0xCA, 0xDE])
        let reading = try DW3000RegisterReading.read(.devId, on: bus, chip: .first)
        #expect(reading.octets == [0x12, 0x03, 0xCA, 0xDE])
        #expect(reading.value == 0xDECA_0312)
        #expect(reading.fields.map(\.field.name) == ["REV", "VER", "MODEL", "RIDTAG"])
        #expect(reading.fields.map(\.value) == [2, 1, 3, 0xDECA])
        #expect(reading.fields[1].meaning == "Version: 1 for a PDoA part, 0 otherwise.")
    }

    @Test("the buffers are never read without asking, TX_BUFFER never; a file whose sub-registers the map lists is read as those")
    func readability() {
        #expect(DW3000Register.txBuffer.readability == .writeOnly)
        for register in [DW3000Register.rxBuffer0, .rxBuffer1, .accMem, .indirectPtrA, .indirectPtrB] {
            guard case .sideEffects(let effect) = register.readability else {
                Issue.record("\(register) reads as \(register.readability)")
                continue
            }
            #expect(effect.contains("UM §8.2."), "\(effect)")
        }
        #expect(DW3000Register.ciaIf1.readability == .readAsSubRegisters)
        #expect(DW3000Register.devId.readability == .harmless)
        #expect(DW3000Register.sysStatus.readability == .harmless)
    }
}
