import Foundation
import NearbyInteraction
import Synchronization
import UWBCore
import UWBRanging

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

    /// Prints the update with the radio's time (virtual time on the emulator, so that a run
    /// repeats exactly) and, at the last one wanted, ends the session right here: on the
    /// emulator that happens at the update's instant, so the peer hears the goodbye at a
    /// defined time too.
    func session(_ session: NISession, didMeasure measurement: RangingMeasurement, of nearbyObject: NINearbyObject) {
        guard let distance = nearbyObject.distance else { return }
        // Only while the session is wanted: on a device on the wall clock (a UCI device), updates
        // can queue up behind the one that ended it.
        let outcome: Outcome? = state.withLock { state in
            guard state.outcome == nil else { return nil }
            print(String(format: "{\"t\":%.6f,\"distance\":%.4f}", measurement.time.secondsValue, distance))
            fflush(nil)
            state.count += 1
            return state.count == wanted ? .enough : nil
        }
        if outcome != nil {
            session.invalidate()
        }
        finish(with: outcome)
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
