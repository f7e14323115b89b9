import DW1000Driver
import UWBCore
import UWBTestSupport

/// A fake bus set up the way a healthy DW1000 answers bring-up, and a driver on it.
struct ChipFixture {
    let bus: FakeSPIBus
    let driver: DW1000

    /// DEV_ID reads 0xDECA0130, CPLOCK is set, LDELOAD clears itself, OTP holds no LDO calibration
    /// and crystal trim 0x0F. The bring-up transactions are cleared from the trace. With
    /// `batching`, the bus reports that batches cost less, as a USB bus does.
    init(configuredWith config: RadioConfig? = .ranging, batching: Bool = false) throws {
        bus = Self.healthyBus()
        bus.batchingReducesCost = batching
        driver = try DW1000(bus: bus, chip: .first)
        if let config {
            try driver.configure(config)
        }
        bus.clearTrace()
    }

    static func healthyBus(
        deviceID: [UInt8] = [0x30, 0x01, 0xCA, 0xDE], ldoTuneWord: UInt8 = 0x00
    ) -> FakeSPIBus {
        let bus = FakeSPIBus()
        bus.preset(file: 0x00, deviceID)
        bus.preset(file: 0x0F, [0x02])
        bus.selfClearingBits[FakeSPIBus.Location(file: 0x2D, offset: 0x06)] = 0x8000
        bus.scriptReads(file: 0x2D, offset: 0x0A, [[ldoTuneWord, 0x00, 0x00, 0x00], [0x0F, 0x00, 0x00, 0x00]])
        return bus
    }
}
