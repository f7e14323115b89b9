import FT232H
import FT232HEmulation
import Foundation
import NearbyInteraction
import Synchronization
import Testing
import UWBCore
import UWBDevices
import UWBEmulator
import UWBTestSupport

/// Counts a session's distance updates from its delegate queue and lets a test wait for enough.
private final class UpdateCounter: NISessionDelegate, @unchecked Sendable {
    let queue: DispatchQueue
    private let distances = Mutex<[Float]>([])
    private let enough: Int
    let reached = DispatchSemaphore(value: 0)

    init(name: String, enough: Int) {
        queue = DispatchQueue(label: "usb-ranging." + name)
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

/// Two boards behind emulated FT232Hs, each on its own loop thread with USB timing, ranging with
/// each other through NISessions: the whole USB stack above the bus (FT232HSPIBus, the DW1000
/// driver, ThreadedRadio, the device service, the ranging engine), the chips in one emulated room
/// running against the wall clock. Real threads: the waits are bounded; only counts and distances
/// are asserted.
@Suite("USB boards ranging")
struct USBBoardRangingTests {
    @Test("two USB boards 3 m apart range with each other through NISessions", .timeLimit(.minutes(1)))
    func twoBoardsRange() throws {
        let board = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-single.json"))
        let emulation = Emulation(seed: 5, channelModel: try ChannelModel(kind: .freeSpace, channel: .five))
        let alice = try emulation.add(DeviceSetup(
            name: "alice", board: board, trajectory: .standing(at: Position(metres: Vector3(x: 0, y: 1, z: 0)))))
        let bob = try emulation.add(DeviceSetup(
            name: "bob", board: board, trajectory: .standing(at: Position(metres: Vector3(x: 0, y: 1, z: -3))),
            orientation: Orientation(yaw: .degrees(180))))
        let boards = try EmulatedUSBRoom(emulation: emulation)
        defer { boards.stop() }
        var sessions: [NISession] = []
        var counters: [UpdateCounter] = []
        for (device, radio) in zip([alice, bob], boards.radios) {
            let counter = UpdateCounter(name: device.name, enough: 5)
            let session = NISession(device: DeviceService(radio: radio))
            session.delegateQueue = counter.queue
            session.delegate = counter
            sessions.append(session)
            counters.append(counter)
        }
        for (session, peer) in [(sessions[0], sessions[1]), (sessions[1], sessions[0])] {
            let data = try NSKeyedArchiver.archivedData(withRootObject: try #require(peer.discoveryToken), requiringSecureCoding: true)
            let token = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from: data))
            session.run(NINearbyPeerConfiguration(peerToken: token))
        }
        for counter in counters {
            #expect(counter.reached.wait(timeout: .now() + 30) == .success, "too few updates: \(counter.measured)")
        }
        for counter in counters {
            for distance in counter.measured.suffix(3) {
                #expect(abs(distance - 3) < 0.15, "\(counter.measured)")
            }
        }
        sessions.forEach { $0.invalidate() }
    }
}
