import DW1000Driver
import Testing
import UWBCore
import UWBEmulator
import UWBTestSupport

/// `DW1000RegisterReading`: registers read from virtual DW1000s through the driver's register access and
/// decoded by the map, as `uwb registers --read` does on a live chip.
@Suite("Reading and decoding registers")
struct RegisterReadingTests {
    @Test("DEV_ID of a chip never brought up reads 0xDECA0130: RIDTAG 0xDECA, MODEL 1, VER 3, REV 0")
    func deviceID() throws {
        let bus = VirtualBoardBus(chips: [ChipBench().addChip()])
        let reading = try DW1000RegisterReading.read(.devId, on: bus, chip: .first)
        #expect(reading.octets == [0x30, 0x01, 0xCA, 0xDE])
        #expect(reading.value == 0xDECA_0130)
        let fields = Dictionary(uniqueKeysWithValues: reading.fields.map { ($0.field.name, $0.value) })
        #expect(fields == ["RIDTAG": 0xDECA, "MODEL": 0x01, "VER": 3, "REV": 0])
        #expect(reading.fields.map(\.field) == DW1000Register.DevId.fields)
        #expect(reading.fields.first { $0.field.name == "MODEL" }?.meaning == "Model: 0x01 for the DW1000.")
    }

    @Test("after bring-up, TX_ANTD reads the board's calibration")
    func antennaDelayAfterBringUp() throws {
        let emulation = try FacingPair.emulation(seed: 1)
        let device = try #require(emulation.devices.first)
        let reading = try DW1000RegisterReading.read(.txAntd, on: VirtualBoardBus(chips: device.chips), chip: .first)
        let calibrated = try #require(device.board.chips.first).calibration.txAntennaDelay.ticks
        #expect(reading.value.map(Int64.init) == calibrated)
        #expect(calibrated == 16_436)
    }

    @Test("every register a dump reads is readable on a brought-up chip, and decodes")
    func wholeDump() throws {
        let emulation = try FacingPair.emulation(seed: 1)
        let bus = VirtualBoardBus(chips: try #require(emulation.devices.first).chips)
        for register in DW1000Register.all where register.readability == .harmless {
            let reading = try DW1000RegisterReading.read(register, on: bus, chip: .first)
            #expect(reading.octets.count == register.length, "\(register)")
            #expect(reading.fields.count == (register.length <= 8 ? register.fields.count : 0), "\(register)")
        }
    }

    @Test("write-only registers, buffers whose reads have effects and files read as sub-registers are told apart")
    func readability() {
        #expect(DW1000Register.txBuffer.readability == .writeOnly)
        #expect(DW1000Register.rxBuffer.readability.isSideEffect)
        #expect(DW1000Register.accMem.readability.isSideEffect)
        #expect(DW1000Register.ldeIf.readability == .readAsSubRegisters)
        #expect(DW1000Register.rxTime.readability == .readAsSubRegisters)
        for register in [DW1000Register.devId, .sysStatus, .rxStamp, .ldeThresh, .pmscCtrl0, .txAntd, .ldeRxantd] {
            #expect(register.readability == .harmless, "\(register)")
        }
    }

    @Test("a register longer than 8 octets has a reading but no value or fields")
    func longRegister() {
        let reading = DW1000RegisterReading(register: .usrSfd, octets: [UInt8](repeating: 1, count: DW1000Register.usrSfd.length))
        #expect(reading.value == nil)
        #expect(reading.fields.isEmpty)
    }
}

extension RegisterReadability {
    /// Whether it is ``sideEffects(_:)``, whatever the reason.
    fileprivate var isSideEffect: Bool {
        if case .sideEffects = self { return true }
        return false
    }
}
