import EmulatorHarness
import Foundation
import Logging
import NearbyInteraction
import UWBCore
import UWBDevices
import UWBEmulator
import UWBTestSupport

/// An emulated room for session tests: devices on boards, each with its own device service, and
/// helpers to make sessions, swap their tokens as an app would, and run virtual time.
final class SessionWorld {
    let emulation: Emulation
    /// The device services, by device name.
    private(set) var services: [String: DeviceService] = [:]

    /// A room with free-space propagation, the given obstacles and the given devices: (name, board
    /// id, position, orientation, trajectory override), and `frameLoss` of the frames lost at every
    /// receiver on top of the receiver model. The device services log to `logger` if given.
    init(
        seed: UInt64 = 7, devices: [DeviceSetup], obstacles: [Obstacle] = [], frameLoss: Double = 0,
        settings: DeviceServiceSettings = DeviceServiceSettings(), logger: Logger? = nil
    ) throws {
        emulation = Emulation(
            seed: seed, channelModel: try ChannelModel(kind: .freeSpace, channel: .five, injectedFrameLoss: frameLoss),
            obstacles: obstacles)
        for (index, setup) in devices.enumerated() {
            try emulation.add(setup)
            var deviceSettings = settings
            deviceSettings.tokenSeed = seed &* 1000 &+ UInt64(index)
            services[setup.name] = DeviceService(
                radio: try emulation.radio(setup.name), settings: deviceSettings,
                logger: logger ?? NearbyInteractionLogging.logger())
        }
    }

    /// The repository's board with this id.
    static func board(_ id: String) throws -> BoardDescription {
        try BoardDescription.load(from: Repository.path("Hardware/boards/\(id).json"))
    }

    /// A device standing at `position` (metres), facing −z unless turned by `yaw`, with the
    /// world's radio configuration unless given its own (another channel, say).
    static func device(
        _ name: String, board: String = "ft232h-dw1000-single", at position: Vector3, yaw: Angle = .zero,
        trajectory: Trajectory? = nil, configuration: RadioConfig? = nil
    ) throws -> DeviceSetup {
        DeviceSetup(
            name: name, board: try Self.board(board),
            trajectory: trajectory ?? .standing(at: Position(metres: position)), orientation: Orientation(yaw: yaw),
            configuration: configuration)
    }

    /// A walk from `start` through `waypoints` (a position in metres and the speed in m/s on the
    /// straight segment that ends there).
    static func walk(from start: Vector3, through waypoints: [(position: Vector3, speed: Double)]) -> Trajectory {
        Trajectory(
            start: Position(metres: start),
            waypoints: waypoints.map { position, speed in
                Waypoint(position: Position(metres: position), speed: Speed(metresPerSecond: speed))
            })
    }

    /// The device service of `name`.
    func service(_ name: String) throws -> DeviceService {
        guard let service = services[name] else { throw SessionWorldError.noDevice(name) }
        return service
    }

    /// A session on `name` with `recorder` as its delegate.
    func session(on name: String, recorder: SessionRecorder) throws -> NISession {
        let session = NISession(device: try service(name))
        session.delegateQueue = recorder.queue
        session.delegate = recorder
        return session
    }

    /// Runs `a` with `b`'s token and `b` with `a`'s, each sent as archived data the way an app would.
    static func pair(_ a: NISession, _ b: NISession, interval: Duration? = nil) throws {
        a.run(try configuration(naming: b, interval: interval))
        b.run(try configuration(naming: a, interval: interval))
    }

    /// A peer configuration for `peer`'s token, archived and unarchived as over a network.
    static func configuration(naming peer: NISession, interval: Duration? = nil) throws -> NINearbyPeerConfiguration {
        let configuration = NINearbyPeerConfiguration(peerToken: try TokenSwap.sent(peer))
        if let interval {
            configuration.updateInterval = interval
        }
        return configuration
    }

    /// Runs virtual time forward by `duration`.
    func advance(by duration: Duration) {
        emulation.run(until: emulation.simulator.now + duration)
    }
}

/// Why a session test could not set up what it needed.
enum SessionWorldError: Error {
    /// The world has no device of this name.
    case noDevice(String)
    /// A session has no token.
    /// A session has no configuration to run again.
    case noConfiguration
}
