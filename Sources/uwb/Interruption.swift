import Dispatch
import Foundation
import Synchronization

/// Notices Ctrl-C (SIGINT) so a long-running command (the demo, the emulator service) can stop
/// cleanly: give the terminal its cursor back, close its socket.
///
/// `@unchecked Sendable`: the flag is atomic and the signal source is only kept alive here.
final class Interruption: @unchecked Sendable {
    private let interrupted = Atomic<Bool>(false)
    private let source: DispatchSourceSignal

    /// Starts listening for SIGINT instead of letting it end the process.
    init() {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [weak self] in
            self?.interrupted.store(true, ordering: .relaxed)
        }
        source.resume()
    }

    /// Whether Ctrl-C was pressed.
    var wasInterrupted: Bool {
        interrupted.load(ordering: .relaxed)
    }
}
