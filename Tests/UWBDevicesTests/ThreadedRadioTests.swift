import FT232H
import FT232HEmulation
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
import UWBCore
import UWBDevices
import UWBTestSupport

/// Records what a ``ThreadedRadio`` reports, from its loop thread.
private final class RadioReports: RadioEventHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var failuresSeen: [TransceiverError] = []
    let failed = DispatchSemaphore(value: 0)

    var failures: [TransceiverError] {
        lock.withLock { failuresSeen }
    }

    func radio(_ event: TransceiverEvent, fromChip chip: Int) {}

    func radio(failed error: TransceiverError, onChip chip: Int) {
        lock.withLock { failuresSeen.append(error) }
        failed.signal()
    }
}

/// A board on its own loop thread, over the FT232H's MPSSE on an emulated FT232H: no USB, but
/// a real thread, the real bus and the real driver. Waits are bounded; nothing is timed.
@Suite("ThreadedRadio: a board on a loop thread")
struct ThreadedRadioTests {
    /// A single-chip board on an emulated FT232H, brought up on a ThreadedRadio.
    static func radio() throws -> (ThreadedRadio, EmulatedFT232H) {
        let board = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-single.json"))
        let link = EmulatedFT232H(board: board, chips: StandaloneChips.make(for: board))
        let bus = try FT232HSPIBus(link: link, board: board, resetSettleTime: .zero)
        try bus.open()
        return (try ThreadedRadio(name: "test", board: board, bus: bus, kind: .usb), link)
    }

    @Test("posted work runs on the loop thread, in order; timers run in the order they are due")
    func postedWorkAndTimers() throws {
        let (radio, _) = try Self.radio()
        defer { radio.stop() }
        // Threads compared by identity: Foundation's thread names are not reliable on Linux under load.
        let caller = pthread_self()
        let log = Mutex<[String]>([])
        let threads = Mutex<[pthread_t]>([])
        let done = DispatchSemaphore(value: 0)
        radio.post {
            log.withLock { $0.append("posted") }
            threads.withLock { $0.append(pthread_self()) }
        }
        radio.post {
            radio.schedule(after: .milliseconds(20)) { log.withLock { $0.append("late") } }
            radio.schedule(after: .milliseconds(5)) {
                log.withLock { $0.append("early") }
                threads.withLock { $0.append(pthread_self()) }
            }
            radio.schedule(after: .milliseconds(30)) { done.signal() }
        }
        #expect(done.wait(timeout: .now() + 10) == .success, "the timers did not run")
        #expect(log.withLock { $0 } == ["posted", "early", "late"])
        let seen = threads.withLock { $0 }
        #expect(seen.count == 2 && seen[0] == seen[1] && seen[0] != caller)
    }

    @Test("a board pulled out is reported once, as a lost bus; posted work still runs")
    func unplugReportedOnce() throws {
        let (radio, link) = try Self.radio()
        defer { radio.stop() }
        let reports = RadioReports()
        radio.post { radio.attach(reports) }
        // The emulated link belongs to the loop thread, like a real bus: unplug it there.
        nonisolated(unsafe) let loopLink = link
        radio.post { loopLink.unplug() }
        #expect(reports.failed.wait(timeout: .now() + 10) == .success, "the loss was not reported")
        let stillServing = DispatchSemaphore(value: 0)
        radio.post { stillServing.signal() }
        #expect(stillServing.wait(timeout: .now() + 10) == .success)
        #expect(reports.failures.count == 1)
        #expect(reports.failures.first.map { if case .bus(.disconnected) = $0 { true } else { false } } == true)
    }

    @Test("after stop() the thread has ended and posted work never runs")
    func stopEndsTheLoop() throws {
        let (radio, _) = try Self.radio()
        radio.stop()
        let ran = Atomic<Bool>(false)
        radio.post { ran.store(true, ordering: .relaxed) }
        radio.stop()
        let didRun = ran.load(ordering: .relaxed)
        #expect(!didRun)
    }

    @Test("a board that does not come up is a typed error naming it")
    func bringUpFailure() throws {
        let board = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-single.json"))
        let link = EmulatedFT232H(board: board, chips: StandaloneChips.make(for: board))
        let bus = try FT232HSPIBus(link: link, board: board, resetSettleTime: .zero)
        try bus.open()
        link.unplug()
        #expect {
            _ = try ThreadedRadio(name: "usb:gone", board: board, bus: bus, kind: .usb)
        } throws: { error in
            guard case DeviceChoiceError.bringUpFailed("usb:gone", _) = error else { return false }
            return true
        }
    }
}
