import EmulatorHarness
import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBDevices
import UWBEmulator
import UWBEmulatorService
import UWBTestSupport

/// The emulator service against apps that misbehave, hang or die, and against a loaded machine:
/// the world never blocks on a bad app for longer than the answer limit, never crashes, and the
/// other apps keep ranging. Every wait here is a deadline for a dead peer, never a measure of speed.
@Suite("Emulator service: bad apps, dead apps, a busy machine", .serialized)
struct EmulatorServiceRobustnessTests {
    /// How long an app may hold its turn here: short, so the hung clients go quickly, but far
    /// longer than a well-behaved app on a loaded machine holds it.
    static let answerLimit: Duration = .seconds(3)

    /// A service in its fastest mode with alice and bob facing each other and `bystanders`.
    static func service(bystanders: [String] = [], answerLimit: Duration? = answerLimit) throws -> EmulatorService {
        let emulation = try FacingPair.emulation(seed: 5, bystanders: bystanders)
        let service = try EmulatorService(
            emulation: emulation, free: ["alice", "bob"] + bystanders,
            socketPath: "/tmp/swift-uwb-robust-\(UUID().uuidString.prefix(8)).sock",
            settings: EmulatorServiceSettings(speed: 0, answerLimit: answerLimit))
        service.start()
        return service
    }

    @Test("an app's clock is the world's virtual time: a 100 s timer fires at exactly 100 s")
    func timersRunOnVirtualTime() throws {
        let service = try Self.service()
        defer { service.stop() }
        let radio = try DeviceChoice.openEmulatorDevice("alice", socketPath: service.socketPath)
        defer { radio.stop() }
        let times = Times()
        radio.post {
            times.record(radio.now)
            radio.schedule(after: .seconds(100)) {
                times.record(radio.now)
                times.done.signal()
            }
        }
        #expect(times.done.wait(timeout: .now() + 60) == .success, "the timer never fired")
        #expect(times.values == [.zero, .seconds(100)])
        #expect(service.now >= SimulationTime(seconds: 100))
    }

    @Test("two apps range while every core is kept busy", .timeLimit(.minutes(10)))
    func rangingOnABusyMachine() throws {
        let busy = BusyCores()
        defer { busy.stop() }
        let service = try Self.service()
        defer { service.stop() }
        let pair = try ServiceRangingPair(on: service)
        defer { pair.stop() }
        #expect(pair.keepRanging(more: 20))
        for waiter in pair.waiters {
            #expect(waiter.invalidations.isEmpty)
            for distance in waiter.measured.suffix(5) {
                #expect(abs(distance - 3) < 0.15, "\(waiter.measured)")
            }
        }
    }

    @Test("garbage, a wrong order, an oversized length: ERROR and the connection closed; the others range on",
          .timeLimit(.minutes(10)))
    func protocolErrors() throws {
        let service = try Self.service(bystanders: ["carol"])
        defer { service.stop() }
        let pair = try ServiceRangingPair(on: service)
        defer { pair.stop() }
        #expect(pair.keepRanging(more: 3))

        let garbage = try RawServiceClient.attached(to: "carol", at: service.socketPath)
        try garbage.sendRaw([0x01, 0x00, 0x00, 0x00, 0x42])
        garbage.expectError(containing: "request type 0x42")

        let oversized = try RawServiceClient.attached(to: "carol", at: service.socketPath)
        try oversized.sendRaw([0xA0, 0x86, 0x01, 0x00, 0x02])
        oversized.expectError(containing: "a message of 100000 octets")

        let empty = try RawServiceClient.attached(to: "carol", at: service.socketPath)
        try empty.sendRaw([0x00, 0x00, 0x00, 0x00])
        empty.expectError(containing: "a message of 0 octets")

        let outOfTurn = try RawServiceClient.attached(to: "carol", at: service.socketPath)
        try outOfTurn.send(.wait(chips: 1, deadline: nil))
        try outOfTurn.send(.transfer(chip: 0, SPITransaction(header: [0x00], body: .read(count: 4))))
        outOfTurn.expectError(containing: "TRANSFER outside the app's turn")

        let helloTwice = try RawServiceClient.attached(to: "carol", at: service.socketPath)
        try helloTwice.send(.hello(version: EmulatorWire.version, device: "carol"))
        helloTwice.expectError(containing: "HELLO again")

        let badChip = try RawServiceClient.attached(to: "carol", at: service.socketPath)
        try badChip.send(.transfer(chip: 7, SPITransaction(header: [0x00], body: .read(count: 4))))
        badChip.expectError(containing: "no chip on")

        #expect(pair.keepRanging(more: 10))
        #expect(pair.waiters.allSatisfy { $0.invalidations.isEmpty })
    }

    @Test("an app that hangs mid-transaction or mid-message, says nothing after HELLO or never says HELLO is dropped after the limit; the others range on",
          .timeLimit(.minutes(10)))
    func hungApps() throws {
        let service = try Self.service(bystanders: ["carol", "dave", "erin"])
        defer { service.stop() }
        let pair = try ServiceRangingPair(on: service)
        defer { pair.stop() }
        #expect(pair.keepRanging(more: 3))

        // Its turn handed back (WAIT), then half a message, then nothing.
        let midMessage = try RawServiceClient.attached(to: "carol", at: service.socketPath)
        try midMessage.send(.wait(chips: 1, deadline: nil))
        try midMessage.sendRaw([0x07, 0x00, 0x00, 0x00, 0x02, 0x00])
        // Holding the turn: WELCOME, then nothing at all.
        let silent = try RawServiceClient.attached(to: "dave", at: service.socketPath)
        // Holding the turn: WELCOME, then half a TRANSFER, then nothing.
        let midTransaction = try RawServiceClient.attached(to: "erin", at: service.socketPath)
        try midTransaction.sendRaw([0x07, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01])
        // Never attached: not even HELLO.
        let mute = try RawServiceClient(path: service.socketPath)

        midMessage.expectError(containing: "stopped short")
        silent.expectError(containing: "held its turn for longer than")
        // Both limits are the same: whichever the service notices first.
        midTransaction.expectError(containing: "held its turn for longer than", or: "stopped short")
        mute.expectError(containing: "stopped short")
        #expect(pair.keepRanging(more: 10))

        // Their devices are free again.
        _ = try RawServiceClient.attached(to: "carol", at: service.socketPath)
        _ = try RawServiceClient.attached(to: "dave", at: service.socketPath)
        _ = try RawServiceClient.attached(to: "erin", at: service.socketPath)
    }

    @Test("an app that waits on an interrupt line it never clears is disconnected after 10 000 turns at one instant; time moves on",
          .timeLimit(.minutes(10)))
    func lineNeverCleared() throws {
        let service = try Self.service(bystanders: ["carol"])
        defer { service.stop() }
        let pair = try ServiceRangingPair(on: service)
        defer { pair.stop() }
        #expect(pair.keepRanging(more: 3))
        let spinner = try RawServiceClient.attached(to: "carol", at: service.socketPath)
        // After a reset the chip reports CPLOCK; unmasking it (SYS_MASK, file 0x0E, written with
        // header 0x8E) raises the line, and the client never clears it.
        try spinner.send(.reset(chip: 0))
        #expect(try spinner.reply() == .done)
        try spinner.send(.transfer(chip: 0, SPITransaction(header: [0x8E], body: .write([0x02, 0x00, 0x00, 0x00]))))
        #expect(try spinner.reply() == .data([]))
        var turns = 0
        var instants: Set<SimulationTime> = []
        while true {
            try spinner.send(.wait(chips: 1, deadline: nil))
            let reply = try spinner.reply()
            guard case .woke(let now, let lines) = reply else {
                #expect(reply == .error("the app took 10000 turns at one instant for an interrupt line it does not clear, holding time still; it was disconnected and its device freed"))
                break
            }
            #expect(lines == 1)
            instants.insert(now)
            turns += 1
            guard turns <= 20_000 else {
                Issue.record("never disconnected")
                break
            }
        }
        // It is always due, so the world never moved on while it spun: all its turns at one instant.
        #expect(turns == 10_000)
        #expect(instants.count == 1)
        #expect(pair.keepRanging(more: 10))
    }

    @Test("an app that dies mid-message frees its device; the others range on", .timeLimit(.minutes(10)))
    func deadApp() throws {
        let service = try Self.service(bystanders: ["carol"])
        defer { service.stop() }
        let pair = try ServiceRangingPair(on: service)
        defer { pair.stop() }
        #expect(pair.keepRanging(more: 3))
        do {
            let dying = try RawServiceClient.attached(to: "carol", at: service.socketPath)
            try dying.sendRaw([0x09, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01])
            dying.socket.close()
        }
        #expect(pair.keepRanging(more: 10))
        // The service notices the closed socket at once; attaching again may race it, so try a few
        // times, each a real attach that the service answers.
        var reattached: RawServiceClient?
        for _ in 0..<200 where reattached == nil {
            reattached = try? RawServiceClient.attached(to: "carol", at: service.socketPath)
        }
        #expect(reattached != nil, "carol was not freed")
    }

    @Test("in the fastest mode, a scripted device's endless traffic leaves room for apps to attach and for the service to stop",
          .timeLimit(.minutes(10)))
    func scriptedTrafficAtFullSpeed() throws {
        let emulation = try FacingPair.emulation(seed: 6)
        let board = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-single.json"))
        try emulation.add(
            DeviceSetup(name: "radio", board: board, trajectory: .standing(at: Position(metres: Vector3(x: 1, y: 1, z: 0)))),
            application: { ScriptedTransmitter(on: $0, interval: .milliseconds(1), start: .zero, payloadLength: 16, address: 0x0042) })
        let service = try EmulatorService(
            emulation: emulation, free: ["alice", "bob"],
            socketPath: "/tmp/swift-uwb-scripted-\(UUID().uuidString.prefix(8)).sock",
            settings: EmulatorServiceSettings(speed: 0))
        service.start()
        // Alice waits for her interrupt line alone: the world runs the scripted traffic flat out.
        let alice = try RawServiceClient.attached(to: "alice", at: service.socketPath)
        try alice.send(.wait(chips: 1, deadline: nil))
        let bob = try RawServiceClient.attached(to: "bob", at: service.socketPath)
        try bob.send(.interrupt(chip: 0))
        #expect(try bob.reply() == .level(false))
        service.stop()
        alice.expectClosed()
        bob.expectClosed()
    }

    @Test("a second service on a live socket is refused; a file that is not a socket is left alone")
    func socketPathConflicts() throws {
        let service = try Self.service()
        defer { service.stop() }
        #expect(throws: EmulatorServiceError.alreadyServing(path: service.socketPath)) {
            _ = try EmulatorService(emulation: try FacingPair.emulation(seed: 1), free: ["alice"], socketPath: service.socketPath)
        }
        let path = "/tmp/swift-uwb-not-a-socket-\(UUID().uuidString.prefix(8))"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            _ = try EmulatorService(emulation: try FacingPair.emulation(seed: 1), free: ["alice"], socketPath: path)
        } throws: { error in
            guard case EmulatorServiceError.cannotListen(_, let reason) = error else { return false }
            return reason.contains("not a socket")
        }
        #expect(FileManager.default.contents(atPath: path) == Data("keep me".utf8))
    }

    @Test("a socket file left by a service that died is replaced")
    func staleSocketReplaced() throws {
        let path = "/tmp/swift-uwb-stale-\(UUID().uuidString.prefix(8)).sock"
        // A socket bound and closed without removing its file: what a killed service leaves.
        do {
            let dead = try UnixSocket.listen(at: path)
            dead.close()
        }
        #expect(FileManager.default.fileExists(atPath: path))
        let service = try EmulatorService(
            emulation: try FacingPair.emulation(seed: 1), free: ["alice"], socketPath: path,
            settings: EmulatorServiceSettings(speed: 0))
        service.start()
        defer { service.stop() }
        _ = try RawServiceClient.attached(to: "alice", at: path)
    }
}

/// Times recorded on a radio's loop, read by the test.
private final class Times: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Duration] = []
    let done = DispatchSemaphore(value: 0)

    func record(_ time: Duration) {
        lock.withLock { recorded.append(time) }
    }

    var values: [Duration] {
        lock.withLock { recorded }
    }
}
