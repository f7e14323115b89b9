import Foundation
import UCI
import UCIService
import UWBCore
import UWBEmulator

/// One run of `uwb uci serve` in this process: the first `devices` devices of a scenario, one
/// raw UCI host each over TCP, paired into sessions (hosts 2k+1 and 2k+2 in one session, the
/// first the controller and initiator), for a span of virtual time.
struct UCIRun {
    /// One SESSION_INFO_NTF a host received.
    struct Notification {
        /// The world's virtual time when it was queued: the instant of the event that completed
        /// the round.
        let virtualSeconds: Double
        /// From that queueing, on the world's thread, to the host holding the whole notification.
        let latency: Duration
        /// The measurement it carries.
        let measurement: UCITwoWayMeasurement
        /// The true distance and direction from the host's device to its peer.
        let truth: GroundTruth
        /// Whether the host's session is the initiator of its pair.
        let isInitiator: Bool
    }

    /// Every notification received, all hosts.
    let notifications: [Notification]
    /// Wall time from the first notification's arrival to the last's.
    let wallSeconds: Double
    /// Virtual time from the first notification's round to the last's.
    let virtualSeconds: Double
    /// The virtual time when every session had started (the latest notification queued then).
    let startVirtualSeconds: Double

    /// How long a host that has not reached the horizon is waited for once the world has: its
    /// notifications still in flight, or none at all (a pair whose rounds all fail).
    static let straggler: Duration = .seconds(2)

    /// Runs `scenario`'s first `devices` devices (an even number) with `seed` at `speed`, a
    /// round every `interval` milliseconds, for `seconds` of virtual time after the sessions
    /// started; notifications queued later are not counted.
    init(scenario: Scenario, devices: Int, seed: UInt64, speed: Double, interval: UInt32, seconds: Double) throws {
        var scenario = scenario
        scenario.devices = Array(scenario.devices.prefix(devices))
        let emulation = try Emulation(scenario: scenario, seed: seed)
        // Static devices: the truth at the start holds for the whole run.
        let truths = try (0..<devices).map { index in
            guard let truth = emulation.groundTruth(from: index, to: index ^ 1, at: .zero) else {
                throw BenchmarkError.unexpected("no ground truth for device \(index)")
            }
            return truth
        }
        let log = UCIQueueLog()
        let server = try UCIServer(emulation: emulation, settings: UCIServerSettings(port: 0, speed: speed), trace: nil, observer: log)
        server.start()
        defer { server.stop() }
        let hosts = try (0..<devices).map { _ in try ScriptedHost(port: server.port) }
        for host in hosts {
            guard try host.notification() == .deviceStatus(.ready) else { throw BenchmarkError.unexpected("a UCI host was not told READY") }
        }
        for pair in stride(from: 0, to: devices, by: 2) {
            let sessionID = UInt32(pair / 2 + 1)
            _ = try hosts[pair + 1].startRanging(
                sessionID: sessionID, initiator: false, own: UInt16(pair + 2), peer: UInt16(pair + 1), intervalMilliseconds: interval)
            _ = try hosts[pair].startRanging(
                sessionID: sessionID, initiator: true, own: UInt16(pair + 1), peer: UInt16(pair + 2), intervalMilliseconds: interval)
        }
        let horizon = log.setHorizon(after: seconds)
        startVirtualSeconds = horizon - seconds
        let readers = hosts.enumerated().map { UCIHostReader(host: $1, connection: "host \($0 + 1)", log: log, horizon: horizon) }
        log.waitForHorizon()
        // A host whose rounds all fail may hear nothing more: it is not waited for long.
        for reader in readers {
            reader.wait(timeout: Self.straggler)
        }
        var notifications: [Notification] = []
        var walls: [ContinuousClock.Instant] = []
        for (index, reader) in readers.enumerated() {
            for arrival in reader.finish() {
                guard let queued = log.entry(connection: reader.connection, payload: arrival.raw.payload),
                      (startVirtualSeconds..<horizon).contains(queued.virtualSeconds),
                      case .notification(.sessionInfo(let info)) = try UCIMessage(decoding: arrival.raw, version: .v2),
                      case .twoWay(let measurements, _) = info.measurements, let measurement = measurements.first
                else { continue }
                walls.append(arrival.wall)
                notifications.append(Notification(
                    virtualSeconds: queued.virtualSeconds, latency: arrival.wall - queued.wall, measurement: measurement,
                    truth: truths[index], isInitiator: index % 2 == 0))
            }
        }
        guard let firstWall = walls.min(), let lastWall = walls.max(),
              let firstVirtual = notifications.map(\.virtualSeconds).min(), let lastVirtual = notifications.map(\.virtualSeconds).max()
        else { throw BenchmarkError.unexpected("no SESSION_INFO_NTF reached the hosts") }
        self.notifications = notifications
        wallSeconds = (lastWall - firstWall).secondsValue
        virtualSeconds = lastVirtual - firstVirtual
    }

    /// Notifications per wall-clock second, all hosts.
    var wallRate: Double { Double(notifications.count) / wallSeconds }

    /// Notifications per virtual second, all hosts.
    var virtualRate: Double { Double(notifications.count) / virtualSeconds }
}
