import FT232H
import FT232HEmulation
import Testing
import UWBCore

/// The IN stream: status octets at every packet boundary, status-only packets, timeouts.
@Suite("FT232H IN stream")
struct InStreamTests {
    @Test("status octets are stripped at every 512-octet boundary of a transfer")
    func highSpeedBoundaries() {
        // 1100 data octets in three packets: 510 + 510 + 80.
        let data = (0..<1100).map { UInt8(truncatingIfNeeded: $0 * 7) }
        var transfer: [UInt8] = []
        transfer += [0x32, 0x60] + data[0..<510]
        transfer += [0x32, 0x60] + data[510..<1020]
        transfer += [0x32, 0x60] + data[1020..<1100]
        #expect(transfer.count == 1106)
        #expect(FT232HPacketStream.payload(of: transfer, maxPacketSize: 512) == data)
    }

    @Test("full-speed 64-octet packets carry 62 data octets each")
    func fullSpeedBoundaries() {
        let data = (0..<130).map { UInt8($0) }
        let transfer = [0x32, 0x60] + data[0..<62] + [0x32, 0x60] + data[62..<124] + [0x32, 0x60] + data[124..<130]
        #expect(FT232HPacketStream.payload(of: Array(transfer), maxPacketSize: 64) == data)
        #expect(FT232HPacketStream.capacity(forPayload: 130, maxPacketSize: 64) == 192)
        #expect(FT232HPacketStream.capacity(forPayload: 4, maxPacketSize: 512) == 512)
        #expect(FT232HPacketStream.capacity(forPayload: 511, maxPacketSize: 512) == 1024)
    }

    @Test("status-only transfers carry nothing")
    func statusOnly() {
        #expect(FT232HPacketStream.payload(of: [0x32, 0x60], maxPacketSize: 512).isEmpty)
        #expect(FT232HPacketStream.payload(of: [], maxPacketSize: 512).isEmpty)
        #expect(FT232HPacketStream.payload(of: [0x32], maxPacketSize: 512).isEmpty)
    }

    @Test("a long read spans packets, one packet per IN transfer, at high and full speed", arguments: [512, 64])
    func longReadAcrossTransfers(packetSize: Int) throws {
        let board = try FT232HFixtures.board("ft232h-dw1000-single")
        let chips = StandaloneChips.make(for: board)
        let link = EmulatedFT232H(board: board, chips: chips, maxPacketSize: packetSize)
        let bus = try FT232HSPIBus(link: link, board: board, resetSettleTime: .zero)
        try bus.open()
        link.packetsPerRead = 1
        // RX_BUFFER (0x11) is 1024 octets: read 600 of them, compare with the chip's own answer.
        let read = SPITransaction(header: [0x11], body: .read(count: 600))
        let expected = try chips[0].transfer(read)
        let before = bus.statistics
        #expect(try bus.transfer(read, on: .first) == expected)
        let cost = bus.statistics.since(before)
        let perPacket = packetSize - 2
        #expect(cost.roundTrips == 1)
        #expect(cost.bulkReads == (600 + perPacket - 1) / perPacket)
        #expect(cost.bytesRead == 600 + 2 * cost.bulkReads)
    }

    @Test("status-only packets before the answer are skipped")
    func statusOnlyBeforeAnswer() throws {
        let (link, bus) = try FT232HFixtures.openRig()
        link.statusOnlyReadsBeforeAnswer = 3
        let before = bus.statistics
        #expect(try bus.transfer(FT232HFixtures.readDeviceID, on: .first) == [0x30, 0x01, 0xCA, 0xDE])
        let cost = bus.statistics.since(before)
        #expect(cost.roundTrips == 1 && cost.bulkReads == 4 && cost.statusOnlyReads == 3)
    }

    @Test("an answer that never comes times out with SPIBusError.timedOut")
    func timeout() throws {
        let (link, bus) = try FT232HFixtures.openRig()
        link.statusOnlyReadsBeforeAnswer = .max
        bus.timeout = .milliseconds(30)
        let start = ContinuousClock.now
        let error = #expect(throws: SPIBusError.self) { try bus.transfer(FT232HFixtures.readDeviceID, on: .first) }
        #expect(ContinuousClock.now - start < .seconds(2))
        guard case .timedOut = error else {
            Issue.record("expected a timeout, got \(String(describing: error))")
            return
        }
    }

    @Test("a board that does not answer the sync fails open() with syncFailed")
    func syncFails() throws {
        let (link, bus) = try FT232HFixtures.rig()
        link.statusOnlyReadsBeforeAnswer = .max
        bus.timeout = .milliseconds(20)
        let error = #expect(throws: FT232HError.self) { try bus.open() }
        #expect(error == .syncFailed(received: []))
        #expect(error?.description.contains("unplug and replug the board") == true)
        #expect(throws: SPIBusError.self) { try bus.transfer(FT232HFixtures.readDeviceID, on: .first) }
    }
}
