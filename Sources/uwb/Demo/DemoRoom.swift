import Foundation
import NearbyInteraction
import UWBCore
import UWBDevices
import UWBEmulator

/// The demo's world: a scenario's devices on the in-process emulator, each with a device service
/// and one `NISession` per peer, set up the way two apps would set up theirs: each creates its
/// session, archives the token with `NSKeyedArchiver`, "sends" the data, and the peer unarchives it
/// and runs an `NINearbyPeerConfiguration` with it.
///
/// The emulation runs on the caller's thread, slice by slice; the sessions' delegates run on a
/// queue of their own and leave what they hear in a mailbox that ``collect()`` empties between
/// slices, turning it into ``DemoReading``s with the emulator's ground truth at each measurement's time.
final class DemoRoom {
    /// The emulated world.
    let emulation: Emulation
    /// The latest reading of each device about each peer.
    private(set) var latest: [String: DemoReading] = [:]

    private let mailbox = DemoMailbox()
    private let queue = DispatchQueue(label: "uwb.demo.sessions")
    private var sessions: [NISession] = []
    private var delegates: [DemoSessionDelegate] = []
    private let indices: [String: Int]

    /// Sets up `scenario`'s world with a session between every two devices.
    ///
    /// - Throws: ``DemoError`` if the world or a token exchange fails.
    init(scenario: Scenario, seed: UInt64?, interval: Duration) throws(DemoError) {
        do {
            emulation = try Emulation(scenario: scenario, seed: seed)
        } catch {
            throw .emulation(error.description)
        }
        let names = emulation.devices.map(\.name)
        indices = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        let runSeed = seed ?? scenario.seed
        var services: [String: DeviceService] = [:]
        for (index, name) in names.enumerated() {
            let settings = DeviceServiceSettings(
                maximumSessions: max(8, names.count - 1), tokenSeed: runSeed &* 7919 &+ UInt64(index))
            do {
                services[name] = DeviceService(radio: try EmulatedRadio(name, in: emulation), settings: settings)
            } catch {
                throw .emulation(error.description)
            }
        }
        var mine: [String: NISession] = [:]
        for device in names {
            for peer in names where peer != device {
                guard let service = services[device] else { continue }
                mine[device + "\u{0}" + peer] = NISession(device: service)
            }
        }
        for device in names {
            for peer in names where peer != device {
                guard let session = mine[device + "\u{0}" + peer], let peerSession = mine[peer + "\u{0}" + device] else { continue }
                let configuration = NINearbyPeerConfiguration(peerToken: try Self.receive(Self.send(peerSession)))
                configuration.updateInterval = interval
                let delegate = DemoSessionDelegate(device: device, peer: peer, mailbox: mailbox, configuration: configuration)
                session.delegateQueue = queue
                session.delegate = delegate
                session.run(configuration)
                sessions.append(session)
                delegates.append(delegate)
                latest[device + "\u{0}" + peer] = DemoReading(
                    device: device, peer: peer, time: .zero, state: .waiting, distance: nil, direction: nil,
                    horizontalAngle: nil, trueDistance: nil)
            }
        }
    }

    /// The session's token as an app sends it: archived with secure coding.
    private static func send(_ session: NISession) throws(DemoError) -> Data {
        guard let token = session.discoveryToken else { throw .tokenExchange("a session has no token") }
        do {
            return try NSKeyedArchiver.archivedData(withRootObject: token, requiringSecureCoding: true)
        } catch {
            throw .tokenExchange("archiving a token failed: \(error)")
        }
    }

    /// A token as an app receives it: unarchived from data.
    private static func receive(_ data: Data) throws(DemoError) -> NIDiscoveryToken {
        do {
            guard let token = try NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from: data) else {
                throw DemoError.tokenExchange("the archived token did not unarchive")
            }
            return token
        } catch let error as DemoError {
            throw error
        } catch {
            throw .tokenExchange("unarchiving a token failed: \(error)")
        }
    }

    /// Runs the world until `end`: paced at `speed` virtual seconds per wall second, or as fast as
    /// it can when `speed` is 0.
    func run(until end: SimulationTime, pacing: Pacing, speed: Double) {
        if speed > 0 {
            emulation.run(until: end, pacing: pacing, rate: speed)
        } else {
            emulation.run(until: end)
        }
    }

    /// Everything the sessions reported since the last call, as readings in delivery order.
    func collect() -> [DemoReading] {
        queue.sync {}
        return mailbox.take().compactMap(reading)
    }

    private func reading(_ entry: DemoMailbox.Entry) -> DemoReading? {
        let key = entry.device + "\u{0}" + entry.peer
        guard var reading = latest[key] else { return nil }
        switch entry.event {
        case .started:
            reading.state = .ranging
            latest[key] = reading
            return nil
        case .measured(let object, let measurement):
            let time = SimulationTime.zero + measurement.time
            reading.time = measurement.time
            reading.state = .ranging
            reading.distance = object.distance.map { Distance(metres: Double($0)) }
            reading.direction = object.direction.map { Vector3(x: Double($0.x), y: Double($0.y), z: Double($0.z)) }
            reading.horizontalAngle = object.horizontalAngle.map { Angle(radians: Double($0)) }
            reading.trueDistance = indices[entry.device].flatMap { observer in
                indices[entry.peer].flatMap { emulation.groundTruth(from: observer, to: $0, at: time)?.distance }
            }
        case .removed(let reason):
            reading.time = emulation.simulator.now - .zero
            reading.state = .removed(reason: reason == .timeout ? "timeout" : "peer ended")
        case .invalidated(let error):
            reading.time = emulation.simulator.now - .zero
            reading.state = .invalidated(reason: error.description)
        }
        latest[key] = reading
        return reading
    }
}
