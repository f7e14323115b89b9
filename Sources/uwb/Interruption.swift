import Dispatch
import Foundation
import Synchronization
import UWBCore

/// Notices Ctrl-C (SIGINT) and SIGTERM so a long-running command (the demo, the emulator service)
/// can stop cleanly: give the terminal its cursor back, remove its socket file.
///
/// `@unchecked Sendable`: the flag is atomic and the signal sources are only kept alive here.
final class Interruption: @unchecked Sendable {
    private let interrupted = Atomic<Bool>(false)
    private let arrived = DispatchSemaphore(value: 0)
    private let sources: [DispatchSourceSignal]

    /// Starts listening for SIGINT and SIGTERM instead of letting them end the process.
    init() {
        var sources: [DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            sources.append(source)
        }
        self.sources = sources
        for source in sources {
            source.setEventHandler { [weak self] in
                guard let self, !self.interrupted.exchange(true, ordering: .relaxed) else { return }
                self.arrived.signal()
            }
            source.resume()
        }
    }

    /// Whether Ctrl-C was pressed or SIGTERM arrived.
    var wasInterrupted: Bool {
        interrupted.load(ordering: .relaxed)
    }

    /// Blocks until Ctrl-C or SIGTERM.
    func wait() {
        arrived.wait()
        arrived.signal()
    }

    /// Blocks until Ctrl-C or SIGTERM, or for `duration` at most; returns whether it was interrupted.
    func wait(atMost duration: Duration) -> Bool {
        guard arrived.wait(timeout: .now() + duration.secondsValue) == .success else { return false }
        arrived.signal()
        return true
    }
}
