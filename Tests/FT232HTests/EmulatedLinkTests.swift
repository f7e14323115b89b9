import DW1000Driver
import FT232H
import FT232HEmulation
import Testing
import UWBCore
import UWBEmulator

/// Two DW1000 boards driven through FT232HSPIBus and emulated FT232Hs (``EmulatedLinkPair``),
/// and the USB cost of the driver's hot paths.
@Suite("Transmit and receive through emulated FT232Hs")
struct EmulatedLinkTests {
    @Test("a delayed transmission from one FT232H board is received by the other; USB cost printed")
    func transmitAndReceive() throws {
        let pair = try EmulatedLinkPair(boardID: "ft232h-dw1000-single")
        let alice = try DW1000Board(pair.alice.device.board, bus: pair.alice.bus).chips[0]
        let bob = try DW1000Board(pair.bob.device.board, bus: pair.bob.bus).chips[0]
        try alice.configure(pair.world.configuration)
        try bob.configure(pair.world.configuration)

        // One register read of SYS_STATUS (0x0F, 5 octets), as the driver's DW1000RegisterPort reads it.
        var before = pair.bob.bus.statistics
        _ = try pair.bob.bus.transferReadingValue(SPITransaction(header: [0x0F], body: .read(count: 5)), on: .first)
        let statusRead = pair.bob.bus.statistics.since(before)

        before = pair.bob.bus.statistics
        try bob.enableReceiver(.untilTurnedOff)
        let receiverOn = pair.bob.bus.statistics.since(before)
        #expect(try pair.bob.bus.waitForInterrupt(on: .first, until: .now) == false)

        let exchange = try pair.exchange(from: alice, to: bob)
        let interrupt = exchange.interrupt, delayedTransmit = exchange.transmit

        #expect(statusRead.roundTrips == 1 && statusRead.bulkWrites == 1 && statusRead.bulkReads == 1)
        // Batched: SYS_STATUS, TX_STAMP and RX_FINFO, then the six reception reads with the clear.
        #expect(interrupt.roundTrips == 2 && interrupt.bulkWrites == 2)
        // The writes, DX_TIME, the start and the late check in one batch.
        #expect(delayedTransmit.roundTrips == 1 && delayedTransmit.bulkWrites == 1)
        // No timeout and RXWTOE already off: the start alone, one OUT transfer.
        #expect(receiverOn.roundTrips == 0 && receiverOn.bulkWrites == 1)
        print("FT232H cost, SYS_STATUS read: \(statusRead)")
        print("FT232H cost, handleInterrupt after a good frame: \(interrupt)")
        print("FT232H cost, transmit(_:at:awaiting:): \(delayedTransmit)")
        print("FT232H cost, enableReceiver(.untilTurnedOff): \(receiverOn)")
    }
}
