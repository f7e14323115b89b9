import Foundation
import NearbyInteraction
import Synchronization
import Testing
import UWBCore
import UWBDevices
import UWBEmulator
import UWBRanging
import UWBTestSupport

/// Counts a session's distances on its delegate queue and signals once it has enough.
private final class DistanceCounter: NISessionDelegate, @unchecked Sendable {
    let queue: DispatchQueue
    let reached = DispatchSemaphore(value: 0)
    private let distances = Mutex<[Float]>([])
    private let enough: Int

    init(name: String, enough: Int) {
        queue = DispatchQueue(label: "libusb-ranging." + name)
        self.enough = enough
    }

    var measured: [Float] { distances.withLock { $0 } }

    func session(_ session: NISession, didUpdate nearbyObjects: [NINearbyObject]) {
        let count = distances.withLock { list in
            list += nearbyObjects.compactMap(\.distance)
            return list.count
        }
        if count == enough {
            reached.signal()
        }
    }
}

/// Two USB boards, each an FT232H emulated at the usbdevfs level whose MPSSE drives a chip of one
/// emulated room, opened by serial number through `UWB_DEVICE`'s path (real libusb, FT232H, driver,
/// loop thread, device service) and ranging with each other through NISessions. Part of the inner
/// suite, so it runs in the umockdev child process.
extension LibUSBUnderUMockdevTests {
    @Test("two emulated USB boards range with each other through the real libusb")
    func twoBoardsRangeOverLibUSB() throws {
        let board = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-single.json"))
        let emulation = Emulation(seed: 9, channelModel: try ChannelModel(kind: .freeSpace, channel: .five))
        let alice = try emulation.add(DeviceSetup(
            name: "alice", board: board, trajectory: .standing(at: Position(metres: Vector3(x: 0, y: 1, z: 0)))))
        let bob = try emulation.add(DeviceSetup(
            name: "bob", board: board, trajectory: .standing(at: Position(metres: Vector3(x: 0, y: 1, z: -3))),
            orientation: Orientation(yaw: .degrees(180))))
        alice.releaseChips()
        bob.releaseChips()
        let room = PacedEmulation(emulation)
        room.start()
        defer { room.stop() }
        let first = try EmulatedFT232HDevice(
            serial: "UWB00042", port: 2, address: 5,
            responder: MPSSEResponder(board: board, chipBus: SimulationThreadBus(device: alice, emulation: room)))
        defer { first.destroy() }
        let second = try EmulatedFT232HDevice(
            serial: "UWB00043", port: 3, address: 6,
            responder: MPSSEResponder(board: board, chipBus: SimulationThreadBus(device: bob, emulation: room)),
            beside: first)
        defer { second.destroy() }
        try first.plug()
        try second.plug()
        try {
            var radios: [ThreadedRadio] = []
            defer { radios.forEach { $0.stop() } }
            var sessions: [NISession] = []
            var counters: [DistanceCounter] = []
            for serial in ["UWB00042", "UWB00043"] {
                let radio = try #require(try RadioChoice.usbBoard(serial: serial).open(board: board.id) as? ThreadedRadio)
                radios.append(radio)
                let counter = DistanceCounter(name: serial, enough: 5)
                // umockdev serves both devices' ioctls on one thread, at 0.4–0.75 ms a round trip
                // (usb-emulation.md), so the boards get a generous 20 ms reply delay.
                let usb = RangingTiming.usb(for: radio.configuration)
                let slow = DeviceDuration(ticks: Int64(0.020 * DeviceClock.ticksPerSecond))
                let timing = try RangingTiming(
                    configuration: radio.configuration, replyDelay: slow, startDelay: slow, listenMargin: usb.listenMargin,
                    retries: usb.retries, retryDelay: usb.retryDelay, receiverGrace: usb.receiverGrace)
                let session = NISession(device: DeviceService(radio: radio, settings: DeviceServiceSettings(timing: timing)))
                session.delegateQueue = counter.queue
                session.delegate = counter
                sessions.append(session)
                counters.append(counter)
            }
            for (session, peer) in [(sessions[0], sessions[1]), (sessions[1], sessions[0])] {
                let data = try NSKeyedArchiver.archivedData(
                    withRootObject: try #require(peer.discoveryToken), requiringSecureCoding: true)
                session.run(NINearbyPeerConfiguration(
                    peerToken: try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from: data))))
            }
            for counter in counters {
                #expect(counter.reached.wait(timeout: .now() + 30) == .success, "too few updates: \(counter.measured)")
                for distance in counter.measured.suffix(3) {
                    #expect(abs(distance - 3) < 0.15, "\(counter.measured)")
                }
            }
            sessions.forEach { $0.invalidate() }
        }()
    }
}
