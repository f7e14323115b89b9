import DW3000Driver
import Testing
import UWBCore
@testable import UWBEmulator

/// The real DW3000 driver's bring-up against a virtual DW3000 on a virtual board bus: DEV_ID,
/// soft reset to IDLE_RC, OTP calibration words.
@Suite("Virtual DW3000 bring-up")
struct DW3000BringUpTests {
    static func chip(_ model: ChipModel) -> VirtualDW3000 {
        VirtualDW3000(
            name: "bench/CS0", model: model,
            hardware: ChipHardware(
                transmitAntennaDelay: DeviceDuration(ticks: 16_400), receiveAntennaDelay: DeviceDuration(ticks: 16_500),
                phaseOffset: .zero, extendedUniqueIdentifier: 0x0123_4567_89AB_CDEF, crystalTrim: 0x21),
            oscillator: Oscillator(offset: .zero, drift: 0, random: SeededRandom(seed: 7)), counterPhase: 0,
            random: SeededRandom(seed: 1))
    }

    @Test("the driver brings up a DW3110 and a DW3220 and reads the OTP calibration", arguments: [ChipModel.dw3110, .dw3220])
    func bringUp(model: ChipModel) throws {
        let chip = Self.chip(model)
        let driver = try DW3000(bus: VirtualBoardBus(chips: [chip]), chip: ChipSelect(0))
        #expect(driver.measuresPhaseDifference == (model.antennaPorts == 2))
        #expect(driver.calibration.crystalTrim == 0x21)
        #expect(driver.calibration.ldoTune?.low == UInt64(DW3000OneTimeMemory.ldoTuneLow))
        #expect(chip.memory.value(.xtal) == 0x21)
    }

    @Test("a masked write keeps the bits outside its masks")
    func maskedWrite() throws {
        let chip = Self.chip(.dw3110)
        let write = try DW3000SPIHeader(.write, file: DW3000Register.sysEnable.file, offset: Int(DW3000Register.sysEnable.offset))
        _ = try chip.transfer(SPITransaction(header: write.bytes, body: .write([0xF0, 0x0F])))
        let masked = try DW3000SPIHeader(.maskedWrite8, file: DW3000Register.sysEnable.file, offset: Int(DW3000Register.sysEnable.offset))
        _ = try chip.transfer(SPITransaction(header: masked.bytes, body: .write([0x3C, 0x01])))
        #expect(chip.memory.value(.sysEnable) & 0xFFFF == 0x0F31)
    }

    @Test("a read-only register refuses a write, naming it")
    func readOnly() throws {
        let chip = Self.chip(.dw3110)
        let header = try DW3000SPIHeader(.write, file: 0, offset: 0)
        #expect(throws: VirtualChipError.writeToReadOnly(name: "DEV_ID")) {
            _ = try chip.transfer(SPITransaction(header: header.bytes, body: .write([0, 0, 0, 0])))
        }
    }
}
