import Foundation
import NearbyInteraction
import Synchronization

/// A session delegate for tests whose sessions run on other threads (a USB board's loop, an
/// emulator service's app): it records the distances and invalidations it hears on its own queue
/// and lets the test wait for them, with a bound.
public final class SessionWaiter: NISessionDelegate, @unchecked Sendable {
    /// The queue to give the session as its `delegateQueue`.
    public let queue: DispatchQueue
    /// Signalled once, when the session starts running.
    public let started = DispatchSemaphore(value: 0)
    /// Signalled once, when the ``enough``-th distance arrives.
    public let measuredEnough = DispatchSemaphore(value: 0)
    /// Signalled at each invalidation.
    public let invalidated = DispatchSemaphore(value: 0)
    /// How many distances ``measuredEnough`` waits for.
    public let enough: Int

    private let distances = Mutex<[Float]>([])
    /// Wakes ``waitUntil(measured:timeout:)`` at each distance.
    private let arrivals = NSCondition()
    private let errors = Mutex<[NIError]>([])

    /// A waiter named `name` (for its queue) that signals after `enough` distances.
    public init(name: String, enough: Int = 5) {
        queue = DispatchQueue(label: "session-waiter." + name)
        self.enough = enough
    }

    /// Makes this the delegate of `session`, on ``queue``.
    public func listen(to session: NISession) {
        session.delegateQueue = queue
        session.delegate = self
    }

    /// The distances so far.
    public var measured: [Float] { distances.withLock { $0 } }
    /// The invalidations so far.
    public var invalidations: [NIError] { errors.withLock { $0 } }

    /// Records the distances; signals ``measuredEnough`` at the ``enough``-th.
    public func session(_ session: NISession, didUpdate nearbyObjects: [NINearbyObject]) {
        let count = distances.withLock { list in
            list += nearbyObjects.compactMap(\.distance)
            return list.count
        }
        if count >= enough, count - nearbyObjects.compactMap(\.distance).count < enough {
            measuredEnough.signal()
        }
        arrivals.lock()
        arrivals.broadcast()
        arrivals.unlock()
    }

    /// Waits until `count` distances in all have arrived, for at most `timeout` of wall time (a
    /// deadline for a dead peer, not a measure of speed); returns whether they did.
    public func waitUntil(measured count: Int, timeout: Duration) -> Bool {
        let deadline = Date(timeIntervalSinceNow: Double(timeout.components.seconds))
        arrivals.lock()
        defer { arrivals.unlock() }
        while measured.count < count {
            guard arrivals.wait(until: deadline) else { return measured.count >= count }
        }
        return true
    }

    /// Signals ``started``.
    public func sessionDidStartRunning(_ session: NISession) {
        started.signal()
    }

    /// Records the error and signals ``invalidated``.
    public func session(_ session: NISession, didInvalidateWith error: any Error) {
        errors.withLock { $0.append(error as? NIError ?? NIError(.sessionFailed)) }
        invalidated.signal()
    }
}
