import Foundation
import Testing
import UWBCore
import UWBDevices
import UWBEmulator
import UWBEmulatorService
import UWBTestSupport

/// Observers of the emulator service (`uwb emulator watch`): what a snapshot shows of the room and
/// its apps, and that an observer never holds the world back. The apps run in this process, on
/// their own threads and sockets, as in ``EmulatorServiceTests``.
@Suite("Emulator service observers", .serialized)
struct EmulatorObserverTests {
    @Test("a snapshot lists the devices, the app attached to each, their positions and the scenario's true distance")
    func devicesAndApps() throws {
        let service = try EmulatorServiceTests.service()
        defer { service.stop() }
        let radio = try DeviceChoice.openEmulatorDevice("alice", socketPath: service.socketPath)
        let observer = try EmulatorObserver(socketPath: service.socketPath)
        let snapshot = try observer.snapshot()
        #expect(snapshot.devices.map(\.name) == ["alice", "bob"])
        #expect(snapshot.devices.map(\.board) == ["ft232h-dw1000-single", "ft232h-dw1000-single"])
        #expect(snapshot.devices.map(\.isFree) == [true, true])
        #expect(snapshot.devices[0].app?.processID == getpid())
        #expect(snapshot.devices[0].app?.name.isEmpty == false)
        #expect(snapshot.devices[1].app == nil)
        #expect(snapshot.devices.map(\.position.metres) == [Vector3(x: 0, y: 1, z: 0), Vector3(x: 0, y: 1, z: -3)])
        #expect(snapshot.speed == 1)
        let truth = try #require(try FacingPair.emulation(seed: 3).groundTruth(from: 0, to: 1, at: .zero))
        #expect(snapshot.links.count == 1)
        #expect(snapshot.links.first?.first == 0 && snapshot.links.first?.second == 1)
        #expect(snapshot.links.first?.trueDistance == truth.distance)
        #expect(abs(truth.distance.metres - 3) < 0.1)
        // The app goes: its device shows no app once the service has seen the connection close.
        radio.stop()
        var detached = false
        for _ in 0..<100 where !detached {
            detached = try observer.snapshot().devices[0].app == nil
        }
        #expect(detached, "alice still shows an app after it stopped")
    }

    @Test("a device the scenario drives is not free; a service with no app shows no app")
    func scriptedDevice() throws {
        let service = try EmulatorService(
            emulation: try FacingPair.emulation(seed: 3), free: ["alice"],
            socketPath: "/tmp/swift-uwb-observe-\(UUID().uuidString.prefix(8)).sock")
        service.start()
        defer { service.stop() }
        let snapshot = try EmulatorObserver(socketPath: service.socketPath).snapshot()
        #expect(snapshot.devices.map(\.isFree) == [true, false])
        #expect(snapshot.devices.map(\.app) == [nil, nil])
        #expect(snapshot.links.map(\.frames) == [0])
    }

    @Test("while an observer watches, and while one stays connected without asking, apps range; frames are counted both ways",
          .timeLimit(.minutes(10)))
    func observerNeverHoldsTheWorld() throws {
        let service = try EmulatorServiceTests.service()
        defer { service.stop() }
        let silent = try EmulatorObserver(socketPath: service.socketPath)
        _ = try silent.snapshot()
        let pair = try ServiceRangingPair(on: service)
        defer { pair.stop() }
        let watcher = try EmulatorObserver(socketPath: service.socketPath)
        #expect(pair.keepRanging(more: 3))
        let snapshot = try watcher.snapshot()
        #expect(snapshot.devices.map(\.app?.processID) == [getpid(), getpid()])
        let link = try #require(snapshot.links.first)
        #expect(link.framesToFirst > 0 && link.framesToSecond > 0, "\(link)")
        #expect(snapshot.now > .zero)
        let later = try watcher.snapshot()
        #expect(later.now >= snapshot.now)
        #expect(try #require(later.links.first).frames >= link.frames)
    }

    @Test("the service stopping ends the observer's next snapshot with a lost connection")
    func serviceStops() throws {
        let service = try EmulatorServiceTests.service()
        let observer = try EmulatorObserver(socketPath: service.socketPath)
        _ = try observer.snapshot()
        service.stop()
        #expect {
            _ = try observer.snapshot()
        } throws: { error in
            guard case EmulatorServiceError.connectionLost = error else { return false }
            return true
        }
    }

    @Test("no service at the socket: the observer cannot connect")
    func noService() {
        #expect {
            _ = try EmulatorObserver(socketPath: "/tmp/swift-uwb-nobody-\(UUID().uuidString.prefix(8)).sock")
        } throws: { error in
            guard case EmulatorServiceError.cannotConnect = error else { return false }
            return true
        }
    }
}
