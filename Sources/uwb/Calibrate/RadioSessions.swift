import EmulatorHarness
import Foundation
import NearbyInteraction
import Synchronization
import UWBDevices
import UWBRanging

/// NearbyInteraction sessions between pairs of opened radios (USB boards or devices of the
/// emulator service) in this process, each pair's tokens swapped as apps swap them, collecting the
/// ranging engine's measurements of each side: what a calibration on real radios measures.
final class RadioSessions: Sendable {
    /// Why the sessions could not measure what was asked.
    struct Failure: Error, CustomStringConvertible {
        /// What went wrong and what to do.
        let description: String
    }

    /// The measurements so far.
    private let inbox = Inbox()
    private let sessions: [NISession]
    /// The queue the delegates run on: not the main queue, on which the caller waits (on the
    /// emulator service's virtual time the radio waits for each delivery before time moves on).
    private let queue = DispatchQueue(label: "uwb.calibrate.sessions")
    private let delegates: [Collector]

    /// Sessions between the radios of each pair (indices into `radios`), running every `interval`.
    ///
    /// - Throws: ``Failure`` if a token exchange fails.
    init(radios: [ThreadedRadio], pairs: [(Int, Int)], interval: Duration) throws(Failure) {
        let services = radios.map { DeviceService(radio: $0, settings: DeviceServiceSettings(maximumSessions: max(8, radios.count))) }
        var sessions: [NISession] = [], delegates: [Collector] = []
        for (first, second) in pairs {
            let pair = [NISession(device: services[first]), NISession(device: services[second])]
            for (session, (device, peer)) in zip(pair, [(first, second), (second, first)]) {
                let collector = Collector(device: device, peer: peer, inbox: inbox)
                session.delegateQueue = queue
                session.delegate = collector
                delegates.append(collector)
            }
            do {
                for (session, peer) in zip(pair, pair.reversed()) {
                    let configuration = NINearbyPeerConfiguration(peerToken: try TokenSwap.sent(peer))
                    configuration.updateInterval = interval
                    session.run(configuration)
                }
            } catch {
                throw Failure(description: "\(radios[first].name) and \(radios[second].name) could not swap tokens: \(error)")
            }
            sessions += pair
        }
        self.sessions = sessions
        self.delegates = delegates
    }

    /// Waits until `enough` holds for the measurements so far, or `timeout` (on the wall clock: a
    /// deadline for a radio that never answers) has passed; returns the measurements either way.
    func wait(timeout: Duration, until enough: ([Int: [Int: [RangingMeasurement]]]) -> Bool) -> [Int: [Int: [RangingMeasurement]]] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let now = inbox.measurements.withLock { $0 }
            if enough(now) || ContinuousClock.now >= deadline { return now }
            let left = (deadline - ContinuousClock.now).secondsValue
            _ = inbox.arrivals.wait(timeout: .now() + max(0, min(left, 1)))
        }
    }

    /// Ends every session.
    func invalidate() {
        for session in sessions {
            session.invalidate()
        }
    }

    /// The measurements by measuring radio's index and then its peer's, and a signal at each.
    private final class Inbox: Sendable {
        let measurements = Mutex<[Int: [Int: [RangingMeasurement]]]>([:])
        let arrivals = DispatchSemaphore(value: 0)

        func record(_ measurement: RangingMeasurement, device: Int, peer: Int) {
            measurements.withLock { $0[device, default: [:]][peer, default: []].append(measurement) }
            arrivals.signal()
        }
    }

    /// One session's delegate: it leaves each measurement in the inbox.
    private final class Collector: NISessionDelegate, Sendable {
        let device: Int
        let peer: Int
        private let inbox: Inbox

        init(device: Int, peer: Int, inbox: Inbox) {
            self.device = device
            self.peer = peer
            self.inbox = inbox
        }

        func session(_ session: NISession, didMeasure measurement: RangingMeasurement, of nearbyObject: NINearbyObject) {
            inbox.record(measurement, device: device, peer: peer)
        }
    }
}
