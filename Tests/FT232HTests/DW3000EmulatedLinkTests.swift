import DW3000Driver
import FT232H
import FT232HEmulation
import Testing
import UWBCore
import UWBEmulator
import UWBTestSupport

/// Two DWM3000 boards driven through FT232HSPIBus and emulated FT232Hs (``EmulatedLinkPair``), and
/// the USB cost of the DW3000 driver's hot paths with an STS, as sessions range
/// (`Docs/benchmarks.md`, "USB: FT232H round trips and bytes").
@Suite("DW3000 transmit and receive through emulated FT232Hs")
struct DW3000EmulatedLinkTests {
    @Test("an STS frame from one DWM3000 board is received by the other through FT232Hs; USB cost printed and bounded")
    func transmitAndReceive() throws {
        let pair = try EmulatedLinkPair(boardID: "ft232h-dwm3000-single")
        let configuration = pair.world.configuration.withSecureTimestamps(try TestSecureTimestamps.ranging())
        let alice = try DW3000(bus: pair.alice.bus, chip: .first)
        let bob = try DW3000(bus: pair.bob.bus, chip: .first)
        try alice.configure(configuration)
        try bob.configure(configuration)

        var before = pair.bob.bus.statistics
        try bob.loadSecureTimestampSequence(frame: 8)
        let loadSequence = pair.bob.bus.statistics.since(before)
        before = pair.bob.bus.statistics
        try bob.enableReceiver(.untilTurnedOff)
        let receiverOn = pair.bob.bus.statistics.since(before)

        try alice.loadSecureTimestampSequence(frame: 8)
        let exchange = try pair.exchange(from: alice, to: bob)
        let interrupt = exchange.interrupt, delayedTransmit = exchange.transmit
        #expect(exchange.received.first?.diagnostics.secureTimestamp?.isGood == true, "the same STS frame number on both sides")

        print("FT232H cost (DW3000), loadSecureTimestampSequence(frame:): \(loadSequence)")
        print("FT232H cost (DW3000), enableReceiver(.untilTurnedOff): \(receiverOn)")
        print("FT232H cost (DW3000), transmit(_:at:awaiting:): \(delayedTransmit)")
        print("FT232H cost (DW3000), handleInterrupt after a good STS frame: \(interrupt)")
        // Writes alone cost no round trip: loading the sequence and turning the receiver on.
        #expect(loadSequence.roundTrips == 0 && loadSequence.bulkWrites == 2)
        #expect(receiverOn.roundTrips == 0)
        // SYS_STATUS with TX_TIME and RX_FINFO read ahead, then the frame and its 12 diagnostic
        // registers together (one at a time it took 15 round trips).
        #expect(interrupt.roundTrips == 2)
        // The writes and DTX, then the late check.
        #expect(delayedTransmit.roundTrips == 1)
        // Answering a frame (reading it, loading the next frame's STS, sending the reply) costs
        // what the DW1000's does, which the USB timing's host allowance covers (`RangingTiming.usb(for:)`).
        let answer = interrupt.roundTrips + loadSequence.roundTrips + delayedTransmit.roundTrips
        #expect(answer == 3, "answering a frame costs \(answer) round trips")
    }
}
