import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
import UWBCore
import UWBEmulator

/// A paced emulation's thread and the work other threads hand it: no caller is left blocked when
/// it stops, and work runs on the caller's thread before it starts and after it stops.
@Suite("PacedEmulation")
struct PacedEmulationTests {
    static func emulation() throws -> Emulation {
        Emulation(seed: 1, channelModel: try ChannelModel(kind: .freeSpace, channel: .five))
    }

    @Test("work runs on the emulation's thread while it runs, on the caller's before and after")
    func threads() throws {
        // Threads compared by identity: Foundation's thread names are not reliable on Linux under load.
        let caller = pthread_self()
        let paced = PacedEmulation(try Self.emulation())
        let before = paced.perform { pthread_self() }
        paced.start()
        let during = [paced.perform { pthread_self() }, paced.perform { pthread_self() }]
        paced.stop()
        let after = paced.perform { pthread_self() }
        #expect(before == caller)
        #expect(during[0] != caller && during[0] == during[1])
        #expect(after == caller)
    }

    @Test("stopping while other threads keep handing over work leaves none of them blocked", .timeLimit(.minutes(10)))
    func stopUnderLoad() throws {
        let paced = PacedEmulation(try Self.emulation())
        paced.start()
        let finished = Atomic<Int>(0)
        let group = DispatchGroup()
        // Threads of their own, not the global queue's: a test process with every dispatch worker
        // busy in other tests (one core, many suites at once) would never start them.
        for _ in 0..<4 {
            group.enter()
            Thread {
                // Each hand-over is two thread switches, which take milliseconds on a loaded machine.
                for _ in 0..<25 {
                    _ = paced.perform { 1 }
                }
                finished.add(1, ordering: .relaxed)
                group.leave()
            }.start()
        }
        paced.stop()
        // A deadline for a blocked perform, not a speed requirement.
        #expect(group.wait(timeout: .now() + 120) == .success, "a perform was left blocked")
        #expect(finished.load(ordering: .relaxed) == 4)
    }
}
