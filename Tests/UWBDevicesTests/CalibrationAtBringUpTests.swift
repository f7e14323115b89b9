import EmulatorHarness
import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBDevices
import UWBEmulator
import UWBTestSupport

/// A radio brought up with its calibration store entry: the driver writes the stored antenna
/// delays, so the distances move by the analytic amount; a store that cannot be used leaves the
/// board as its description says, with a warning.
@Suite("Calibration at bring-up", .serialized)
struct CalibrationAtBringUpTests {
    /// Alice and bob 3 m apart on a service, alice with `store` (a file written for the test).
    static func ranging(aliceStore store: String?) throws -> (radio: ThreadedRadio, distances: [Double]) {
        let service = try EmulatorServiceTests.service()
        defer { service.stop() }
        let alice = try DeviceChoice.openEmulatorDevice("alice", socketPath: service.socketPath, calibrationStore: store)
        let bob = try DeviceChoice.openEmulatorDevice("bob", socketPath: service.socketPath, calibrationStore: nil)
        defer {
            alice.stop()
            bob.stop()
        }
        let sessions = [NISession(device: DeviceService(radio: alice)), NISession(device: DeviceService(radio: bob))]
        let waiter = SessionWaiter(name: "alice")
        waiter.listen(to: sessions[0])
        try TokenSwap.runBoth(sessions[0], sessions[1])
        #expect(waiter.waitUntil(measured: 8, timeout: .seconds(60)))
        for session in sessions {
            session.invalidate()
        }
        return (alice, waiter.measured.suffix(4).map(Double.init))
    }

    static func temporaryPath() -> String {
        NSTemporaryDirectory() + "swift-uwb-bring-up-\(UUID().uuidString).json"
    }

    @Test("stored delays 200 ticks longer on each side make alice's distances 200 ticks of flight shorter", .timeLimit(.minutes(10)))
    func storedDelaysReachTheChip() throws {
        let board = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-single.json"))
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let longer = DeviceDuration(ticks: 200)
        try CalibrationStore(entries: ["emulator:alice": StoredCalibration(boardID: board.id, chips: [StoredChipCalibration(
            txAntennaDelay: board.chips[0].calibration.txAntennaDelay + longer,
            rxAntennaDelay: board.chips[0].calibration.rxAntennaDelay + longer)])]).save(to: path)
        let (radio, distances) = try Self.ranging(aliceStore: path)
        #expect(radio.calibration == .stored(path: path))
        #expect(radio.board.chips[0].calibration.txAntennaDelay == board.chips[0].calibration.txAntennaDelay + longer)
        // The round trip reads 2 × 200 ticks too long on alice's side, so half of it is lost from
        // the time of flight: 200 ticks at the speed of light.
        let expected = 3 - Double(longer.ticks) / DeviceClock.ticksPerSecond * PhysicalConstants.speedOfLight.metresPerSecond
        for distance in distances {
            #expect(abs(distance - expected) < 0.15, "\(distances), expected \(expected)")
        }
    }

    @Test("a corrupt store is reported and ignored: the board ranges with its description's delays", .timeLimit(.minutes(10)))
    func corruptStoreIgnored() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("{\"format\": 1, \"boards\": {\"emulator:alice\": ".utf8).write(to: URL(fileURLWithPath: path))
        let (radio, distances) = try Self.ranging(aliceStore: path)
        guard case .ignored(let warning) = radio.calibration else {
            Issue.record("expected a warning, got \(radio.calibration)")
            return
        }
        #expect(warning.hasPrefix("warning: emulator:alice runs uncalibrated: the calibration store \(path) is not valid: "))
        for distance in distances {
            #expect(abs(distance - 3) < 0.15, "\(distances)")
        }
    }

    @Test("no entry for the board, or no store file, is no calibration and no warning")
    func noEntry() throws {
        let board = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-single.json"))
        let path = Self.temporaryPath()
        #expect(BringUpCalibration.calibrate(board, key: "usb:A", storePath: path) == (board, .boardDescription))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try CalibrationStore(entries: ["usb:B": StoredCalibration(for: board)]).save(to: path)
        #expect(BringUpCalibration.calibrate(board, key: "usb:A", storePath: path) == (board, .boardDescription))
        #expect(BringUpCalibration.calibrate(board, key: "usb:B", storePath: path) == (board, .stored(path: path)))
    }
}
