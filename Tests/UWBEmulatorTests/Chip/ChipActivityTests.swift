import DW1000Driver
import Testing
import UWBCore
@testable import UWBEmulator

/// A virtual chip's activity (what Android's power statistics report): transmitting from the
/// TX command to the end of the frame's airtime, receiving while the receiver is on, a wake for
/// each start from idle.
@Suite struct ChipActivityTests {
    @Test func aTransmissionCountsFromItsCommandToTheEndOfItsAirtime() throws {
        let (bench, chip) = try TransmitTests.transmitter()
        #expect(chip.activity == ChipActivity())
        try chip.program(TransmitTests.config, frameLength: 40)
        try chip.write(.sysMask, DW1000Register.SysStatus.txfrs.mask)
        let commanded = bench.simulator.now
        try chip.command(DW1000Register.SysCtrl.txstrt)
        bench.run(for: .milliseconds(2))
        let done = try #require(bench.interruptChanges.first { $0.asserted }).time
        #expect(chip.activity.transmitting == done - commanded)
        #expect(chip.activity.transmitting >= TransmitTests.config.airtime(frameLength: 40))
        #expect(chip.activity.receiving == .zero && chip.activity.wakes == 1)
    }

    @Test func listeningCountsUntilTheReceiverIsTurnedOff() throws {
        let (bench, chip) = try TransmitTests.transmitter()
        try chip.command(DW1000Register.SysCtrl.rxenab)
        bench.run(for: .milliseconds(3))
        #expect(chip.activity.receiving == .milliseconds(3), "counted up to now while still on")
        try chip.command(DW1000Register.SysCtrl.trxoff)
        bench.run(for: .milliseconds(5))
        #expect(chip.activity.receiving == .milliseconds(3) && chip.activity.transmitting == .zero && chip.activity.wakes == 1)
        try chip.command(DW1000Register.SysCtrl.rxenab)
        bench.run(for: .milliseconds(1))
        #expect(chip.activity.receiving == .milliseconds(4) && chip.activity.wakes == 2)
    }
}
