import Foundation
import NearbyInteraction
import UWBCore
import UWBDevices
import UWBEmulator

/// NearbyInteraction sessions between every two devices of an emulated world, set up as apps set
/// theirs up: each device has a device service on its emulated radio and one `NISession` per peer;
/// each session's token is archived with `NSKeyedArchiver`, "sent", unarchived by the peer and run
/// in an `NINearbyPeerConfiguration`. A session whose peer times out runs again, as Apple's sample
/// app does. Used by `uwb demo` and the session benchmark.
///
/// The emulation runs on the caller's thread (``run(until:pacing:speed:)``); the sessions'
/// delegates run on a queue of their own, and ``collect()`` takes what they heard in between.
public final class SessionMesh {
    /// The emulated world.
    public let emulation: Emulation
    /// The device names, in the world's order.
    public let deviceNames: [String]
    /// The sessions by device and peer name.
    private var sessions: [String: [String: NISession]] = [:]

    private let mailbox = SessionMeshMailbox()
    private let queue = DispatchQueue(label: "uwb.session-mesh")
    private var delegates: [SessionMeshDelegate] = []

    /// Sessions between every two devices of `emulation`, each ranging every `interval`. Tokens are
    /// drawn from generators seeded from `tokenSeed`, so a run repeats exactly.
    ///
    /// - Throws: ``SessionMeshError`` if a device has no radio or a token exchange fails.
    public init(emulation: Emulation, interval: Duration, tokenSeed: UInt64) throws(SessionMeshError) {
        self.emulation = emulation
        deviceNames = emulation.devices.map(\.name)
        var services: [String: DeviceService] = [:]
        for (index, name) in deviceNames.enumerated() {
            let settings = DeviceServiceSettings(
                maximumSessions: max(8, deviceNames.count - 1), tokenSeed: tokenSeed &* 7919 &+ UInt64(index))
            do {
                services[name] = DeviceService(radio: try EmulatedRadio(name, in: emulation), settings: settings)
            } catch {
                throw .emulation(error.description)
            }
        }
        for device in deviceNames {
            guard let service = services[device] else { continue }
            for peer in deviceNames where peer != device {
                sessions[device, default: [:]][peer] = NISession(device: service)
            }
        }
        for device in deviceNames {
            for peer in deviceNames where peer != device {
                guard let session = sessions[device]?[peer], let peerSession = sessions[peer]?[device] else { continue }
                let token: NIDiscoveryToken
                do {
                    token = try TokenSwap.sent(peerSession)
                } catch {
                    throw .tokenExchange(error.description)
                }
                let configuration = NINearbyPeerConfiguration(peerToken: token)
                configuration.updateInterval = interval
                let delegate = SessionMeshDelegate(device: device, peer: peer, mailbox: mailbox, configuration: configuration)
                session.delegateQueue = queue
                session.delegate = delegate
                session.run(configuration)
                delegates.append(delegate)
            }
        }
    }

    /// The session of `device` with `peer`, if both exist.
    public func session(of device: String, with peer: String) -> NISession? {
        sessions[device]?[peer]
    }

    /// Runs the world until `end`: paced at `speed` virtual seconds per wall second, or as fast as
    /// it can when `speed` is 0.
    public func run(until end: SimulationTime, pacing: Pacing, speed: Double) {
        if speed > 0 {
            emulation.run(until: end, pacing: pacing, rate: speed)
        } else {
            emulation.run(until: end)
        }
    }

    /// Everything the sessions reported since the last call, in delivery order.
    public func collect() -> [SessionMeshReport] {
        queue.sync {}
        return mailbox.take()
    }
}
