import Foundation
import Testing
import UCI
import UCIService
import UWBCore
import UWBTestSupport

/// A host that stalls or floods holds up no other: the world only queues for a host (a host that
/// leaves too much unread is disconnected), and a host's reader stops while a few of its messages
/// wait in the world.
@Suite struct HostIsolationTests {
    /// The session the pair ranges in.
    static let sessionID: UInt32 = 0x0A0B_0C0D
    /// How long the stalled host may take to be found out: a deadline for a dead peer, never
    /// reached when the server works.
    static let disconnectDeadline: Duration = .seconds(120)

    @Test("a host that never reads is disconnected while a pair walks a whole ranging lifecycle", .timeLimit(.minutes(10)))
    func aStalledHostIsDisconnectedWhileAPairRanges() throws {
        let server = try UCIServer(
            emulation: try FacingPair.emulation(seed: 16, bystanders: ["carol"]),
            settings: UCIServerSettings(port: 0, speed: 0, outboxLimit: 4_096))
        server.start()
        defer { server.stop() }
        let (controller, controlee) = try connectPair(port: server.port)
        // Carol's host asks for its device info again and again and reads none of the answers.
        let stalled = try TCPSocket.connect(port: server.port, deadPeerTimeout: ScriptedHost.deadPeerTimeout)
        let flood = Self.flood(stalled, with: .getDeviceInfo, times: nil)

        let controleeHandle = try controlee.startRanging(sessionID: Self.sessionID, initiator: false, own: 2, peer: 1)
        let controllerHandle = try controller.startRanging(sessionID: Self.sessionID, initiator: true, own: 1, peer: 2)
        for _ in 0..<5 {
            #expect(try controller.nextMeasurement()?.status == .ok)
            #expect(try controlee.nextMeasurement()?.status == .ok)
        }
        try controller.endRanging(handle: controllerHandle)
        try controlee.endRanging(handle: controleeHandle)

        #expect(Self.waitUntil(Self.disconnectDeadline) { server.connectionCount == 2 }, "the stalled host is still connected")
        stalled.close()
        flood.wait()
        #expect(try controller.call(.getSessionCount) == .sessionCount(status: .ok, count: 0))
    }

    @Test("a host that floods thousands of commands gets every answer while a pair keeps ranging", .timeLimit(.minutes(10)))
    func aFloodingHostDoesNotStopAPairsRanging() throws {
        let server = try UCIServer(
            emulation: try FacingPair.emulation(seed: 17, bystanders: ["carol"]), settings: UCIServerSettings(port: 0, speed: 0))
        server.start()
        defer { server.stop() }
        let (controller, controlee) = try connectPair(port: server.port)
        let flooder = try TCPSocket.connect(port: server.port, deadPeerTimeout: ScriptedHost.deadPeerTimeout)
        let commands = 5_000
        let answers = Self.countAnswers(on: flooder, expecting: commands + 1)
        let flood = Self.flood(flooder, with: .getSessionCount, times: commands)

        let controleeHandle = try controlee.startRanging(sessionID: Self.sessionID, initiator: false, own: 2, peer: 1)
        _ = try controller.startRanging(sessionID: Self.sessionID, initiator: true, own: 1, peer: 2)
        for _ in 0..<10 {
            #expect(try controller.nextMeasurement()?.status == .ok)
        }
        #expect(try controlee.nextMeasurement()?.status == .ok)
        flood.wait()
        answers.wait()
        #expect(answers.count == commands + 1, "DEVICE_STATUS_NTF and one GET_COUNT_RSP per command")
        try controlee.endRanging(handle: controleeHandle)
        flooder.close()
    }

    /// Connects the hosts of alice and bob, checking that each is told READY.
    private func connectPair(port: UInt16) throws -> (ScriptedHost, ScriptedHost) {
        let controller = try ScriptedHost(port: port)
        #expect(try controller.notification() == .deviceStatus(.ready))
        let controlee = try ScriptedHost(port: port)
        #expect(try controlee.notification() == .deviceStatus(.ready))
        return (controller, controlee)
    }

    /// Writes `command` on `socket` from a thread of its own, `times` times (nil: until a write
    /// fails), in batches of a hundred; the returned semaphore is signalled when it is done.
    private static func flood(_ socket: TCPSocket, with command: UCICommand, times: Int?) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        let octets = (try? UCIMessage.command(command).encoded(version: .v2).encoded()) ?? []
        let batch = 100
        Thread {
            var sent = 0
            while times.map({ sent < $0 }) ?? true {
                let count = min(batch, times.map { $0 - sent } ?? batch)
                guard (try? socket.write(Array(repeating: octets, count: count).flatMap { $0 })) != nil else { break }
                sent += count
            }
            done.signal()
        }.start()
        return done
    }

    /// Counts the messages that arrive on `socket` on a thread of its own, until `expected` have
    /// come or the connection ends.
    private static func countAnswers(on socket: TCPSocket, expecting expected: Int) -> AnswerCount {
        let count = AnswerCount()
        Thread {
            var reassembler = UCIReassembler()
            var received = 0
            while received < expected, let octets = try? socket.read(upTo: 4_096), !octets.isEmpty {
                reassembler.append(octets)
                received += reassembler.drain().count
            }
            count.finish(received)
        }.start()
        return count
    }

    /// Whether `condition` holds before `deadline` has passed, checking it every few
    /// milliseconds: for what only a dead peer's timeout would end.
    private static func waitUntil(_ deadline: Duration, _ condition: () -> Bool) -> Bool {
        let clock = ContinuousClock()
        let end = clock.now + deadline
        while !condition() {
            guard clock.now < end else { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return true
    }
}

/// How many messages a counting thread received, once it is done.
private final class AnswerCount: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var received = 0

    /// Records the count and wakes ``wait()``.
    func finish(_ count: Int) {
        received = count
        done.signal()
    }

    /// Waits for the counting thread to finish.
    func wait() {
        done.wait()
    }

    /// The count; read after ``wait()``.
    var count: Int { received }
}
