import FT232HEmulation
import EmulatorHarness
import Foundation
import NearbyInteraction
import Testing
import UWBDevices
import UWBTestSupport

/// Two boards behind emulated FT232Hs, each on its own loop thread with USB timing, ranging with
/// each other through NISessions: the whole USB stack above the bus (FT232HSPIBus, the DW1000
/// driver, ThreadedRadio, the device service, the ranging engine), the chips in one emulated room
/// running against the wall clock, at a fifth of real time so that a loaded machine's scheduling
/// delays stay far inside the USB reply delay (a USB board is real-time hardware: its loop races the
/// room). Real threads: the waits are bounded deadlines for a dead peer; only counts and distances
/// are asserted.
@Suite("USB boards ranging")
struct USBBoardRangingTests {
    @Test("two USB boards 3 m apart range with each other through NISessions", .timeLimit(.minutes(10)))
    func twoBoardsRange() throws {
        let boards = try EmulatedUSBRoom(emulation: try FacingPair.emulation(seed: 5), rate: 0.2)
        defer { boards.stop() }
        var sessions: [NISession] = []
        var waiters: [SessionWaiter] = []
        for radio in boards.radios {
            let waiter = SessionWaiter(name: radio.name)
            // The boards' loops run on the wall clock: a loaded machine can starve them of successful
            // rounds for seconds, so only a dead peer may end the session (60 s).
            let session = NISession(device: DeviceService(radio: radio, settings: DeviceServiceSettings(removalTimeout: .seconds(60))))
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
    }
}
