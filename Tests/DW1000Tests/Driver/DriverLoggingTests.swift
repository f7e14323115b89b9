import DW1000Driver
import Logging
import Testing
import UWBCore
import UWBTestSupport

/// What the driver logs: its bring-up at `debug`, every SPI transaction only at `trace`.
@Suite("DW1000 driver logging")
struct DriverLoggingTests {
    @Test("bring-up logs DEV_ID at debug with the chip, and no SPI transaction below trace")
    func bringUpAtDebug() throws {
        let capture = LogCapture(level: .debug)
        let bus = ChipFixture.healthyBus()
        _ = try DW1000(bus: bus, chip: .first, logger: capture.logger)
        let deviceID = try #require(capture.entries(saying: "DEV_ID read").first)
        #expect(deviceID.level == .debug)
        #expect(deviceID.metadata["dev_id"] == "0xDECA0130")
        #expect(deviceID.metadata[LogMetadataKey.chip] == "CS 0")
        #expect(!capture.entries(saying: "DW1000 up").isEmpty)
        #expect(capture.entries(at: .trace).isEmpty)
        #expect(!bus.trace.isEmpty)
    }

    @Test("at trace, every SPI transaction of the bring-up is logged, with its header")
    func transactionsAtTrace() throws {
        let capture = LogCapture(level: .trace)
        let bus = ChipFixture.healthyBus()
        _ = try DW1000(bus: bus, chip: .first, logger: capture.logger)
        let transactions = capture.entries.filter { $0.level == .trace && $0.metadata["spi.header"] != nil }
        #expect(transactions.count == bus.trace.count)
        #expect(transactions.first?.metadata["spi.header"] == "00")
        #expect(transactions.first?.message.description == "SPI R 4 octets")
    }

    @Test("a logger at info hears nothing of a healthy bring-up")
    func quietAtInfo() throws {
        let capture = LogCapture(level: .info)
        _ = try DW1000(bus: ChipFixture.healthyBus(), chip: .first, logger: capture.logger)
        #expect(capture.entries.isEmpty)
    }

    @Test("a chip that is not a DW1000: a warning saying why, with the chip")
    func wrongDeviceIDWarns() throws {
        let capture = LogCapture(level: .warning)
        let bus = ChipFixture.healthyBus(deviceID: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(throws: DW1000Error.self) { try DW1000(bus: bus, chip: .first, logger: capture.logger) }
        let warning = try #require(capture.entries(saying: "DW1000 bring-up failed").first)
        #expect(warning.level == .warning)
        #expect(warning.metadata[LogMetadataKey.chip] == "CS 0")
        #expect(warning.metadata[LogMetadataKey.error]?.description.contains("0xFFFFFFFF") == true)
    }
}
