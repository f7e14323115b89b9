import Foundation
import NearbyInteraction
import Synchronization
import UWBCore

/// The delegate of `uwb session`: prints each update as a JSON line and tells the command when it
/// has enough, or when the session was invalidated.
final class SessionListener: NISessionDelegate, @unchecked Sendable {
    /// How a session ended for the command.
    enum Outcome {
        case enough
        case peerEnded
        case peerTimedOut
        case invalidated(any Error)
        case timedOut
    }

    let queue = DispatchQueue(label: "uwb.session")
    private let wanted: Int
    private let started = ContinuousClock.now
    private let state = Mutex<(count: Int, outcome: Outcome?)>((0, nil))
    private let ended = DispatchSemaphore(value: 0)

    init(wanted: Int) {
        self.wanted = wanted
    }

    /// The updates printed so far.
    var count: Int { state.withLock { $0.count } }

    /// Waits until the outcome is known or `deadline` passes.
    func wait(until deadline: Date) -> Outcome {
        guard ended.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow)) == .success else { return .timedOut }
        return state.withLock { $0.outcome } ?? .timedOut
    }

    func session(_ session: NISession, didUpdate nearbyObjects: [NINearbyObject]) {
        guard let distance = nearbyObjects.first?.distance else { return }
        let seconds = (ContinuousClock.now - started).secondsValue
        print(String(format: "{\"t\":%.3f,\"distance\":%.4f}", seconds, distance))
        fflush(nil)
        finish(with: state.withLock { state in
            state.count += 1
            return state.count == wanted ? .enough : nil
        })
    }

    func session(_ session: NISession, didRemove nearbyObjects: [NINearbyObject], reason: NINearbyObject.RemovalReason) {
        finish(with: reason == .peerEnded ? .peerEnded : .peerTimedOut)
    }

    func session(_ session: NISession, didInvalidateWith error: any Error) {
        finish(with: .invalidated(error))
    }

    private func finish(with outcome: Outcome?) {
        guard let outcome else { return }
        let first = state.withLock { state in
            guard state.outcome == nil else { return false }
            state.outcome = outcome
            return true
        }
        if first {
            ended.signal()
        }
    }
}
