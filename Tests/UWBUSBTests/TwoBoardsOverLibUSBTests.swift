import EmulatorHarness
import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBDevices
import UWBEmulator
import UWBRanging
import UWBTestSupport

/// Two USB boards, each an FT232H emulated at the usbdevfs level whose MPSSE drives a chip of one
/// emulated room, opened by serial number through `UWB_DEVICE`'s path (real libusb, FT232H, driver,
/// loop thread, device service) and ranging with each other through NISessions. Part of the inner
/// suite, so it runs in the umockdev child process.
extension LibUSBUnderUMockdevTests {
    @Test("two emulated USB boards range with each other through the real libusb")
    func twoBoardsRangeOverLibUSB() throws {
        let emulation = try FacingPair.emulation(seed: 9)
        let (alice, bob) = (emulation.devices[0], emulation.devices[1])
        let board = alice.board
        alice.releaseChips()
        bob.releaseChips()
        // A fifth of real time: a USB board is real-time hardware, so its loop (and umockdev's
        // ioctl thread) race the room's clock; slower than real time, a loaded machine's scheduling
        // delays stay far inside the reply delay.
        let room = PacedEmulation(emulation, rate: 0.2)
        room.start()
        defer { room.stop() }
        let boards = try TwoUMockdevBoards(
            serials: ("UWB00042", "UWB00043"),
            responders: (
                MPSSEResponder(board: board, chipBus: SimulationThreadBus(device: alice, emulation: room)),
                MPSSEResponder(board: board, chipBus: SimulationThreadBus(device: bob, emulation: room))))
        defer { boards.destroy() }
        try {
            var radios: [ThreadedRadio] = []
            defer { radios.forEach { $0.stop() } }
            var sessions: [NISession] = []
            var waiters: [SessionWaiter] = []
            for serial in ["UWB00042", "UWB00043"] {
                let radio = try DeviceChoice.usbBoard(serial: serial).open(board: board.id, calibrationStore: nil)
                radios.append(radio)
                let waiter = SessionWaiter(name: serial)
                // umockdev serves both devices' ioctls on one thread, at 0.4–0.75 ms a round trip
                // (Docs/reference/usb-emulation.md), so the boards get a generous 20 ms reply delay.
                let timing = try RangingTiming.usb(for: radio.configuration).withDelays(.milliseconds(20))
                // A USB board's loop runs on the wall clock, so a loaded machine can starve it of
                // successful rounds for seconds: only a dead peer may end the session (60 s).
                let settings = DeviceServiceSettings(removalTimeout: .seconds(60), timing: timing)
                let session = NISession(device: DeviceService(radio: radio, settings: settings))
                waiter.listen(to: session)
                sessions.append(session)
                waiters.append(waiter)
            }
            try TokenSwap.runBoth(sessions[0], sessions[1])
            for waiter in waiters {
                #expect(waiter.measuredEnough.wait(timeout: .now() + 120) == .success, "too few updates: \(waiter.measured)")
                for distance in waiter.measured.suffix(3) {
                    #expect(abs(distance - 3) < 0.15, "\(waiter.measured)")
                }
            }
            sessions.forEach { $0.invalidate() }
        }()
    }
}
