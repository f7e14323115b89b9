import Foundation
import NearbyInteraction
import Testing
import UCI
import UCIClient
import UCIService
import UWBCore
import UWBEmulator
import UWBTestSupport

/// A `uwb uci serve` server in the test's process, on a port the system chooses, running its
/// world as fast as it can (speed 0): tests wait only for the work they cause.
final class UCITestServer {
    /// How long a UCI command may wait for its answer in these tests: a deadline for a dead
    /// server, never reached by a live one however loaded the machine is.
    static let responseTimeout: Duration = .seconds(30)

    let server: UCIServer

    /// A server for `emulation`'s devices but the `reserved` ones, speaking `version` (default 2.0), started.
    init(_ emulation: Emulation, version: UCIVersion = UCIServiceConstants.uciVersion, reserved: Set<String> = []) throws {
        server = try UCIServer(
            emulation: emulation, settings: UCIServerSettings(port: 0, speed: 0, uciVersion: version, reservedDevices: reserved))
        server.start()
    }

    deinit {
        server.stop()
    }

    /// The server's endpoint.
    var endpoint: UCIEndpoint { .tcp(host: "127.0.0.1", port: server.port) }

    /// A connection to the server: the next free device of the room, brought up.
    func device() throws -> UCIDevice {
        try UCIDevice.open(endpoint, responseTimeout: Self.responseTimeout)
    }

    /// How long a peer may go unmeasured before it is removed, in these tests: a UCI device's loop
    /// runs on the wall clock, so only a dead peer may end a session (60 s), not a loaded machine
    /// that holds the world's thread back for a few seconds.
    static let removalTimeout: Duration = .seconds(60)

    /// A device service on the next free device of the room.
    func service(settings: DeviceServiceSettings = DeviceServiceSettings(removalTimeout: UCITestServer.removalTimeout)) throws -> DeviceService {
        DeviceService(uciDevice: try device(), settings: settings)
    }
}

/// Two sessions that have swapped tokens.
struct SessionPair {
    let first: NISession
    let second: NISession

    /// A session on each service, each run with the other's token at `interval` (default: the service's).
    static func running(on a: DeviceService, _ b: DeviceService, interval: Duration? = nil) throws -> SessionPair {
        let first = NISession(device: a)
        let second = NISession(device: b)
        let firstToken = try #require(first.discoveryToken)
        let secondToken = try #require(second.discoveryToken)
        let toSecond = NINearbyPeerConfiguration(peerToken: secondToken)
        let toFirst = NINearbyPeerConfiguration(peerToken: firstToken)
        if let interval {
            toSecond.updateInterval = interval
            toFirst.updateInterval = interval
        }
        first.run(toSecond)
        second.run(toFirst)
        return SessionPair(first: first, second: second)
    }
}

/// The first `count` updates a session's events carry, or what ended them early.
func updates(of stream: AsyncStream<NISession.Event>, count: Int) async -> (objects: [NINearbyObject], ending: NISession.Event?) {
    var objects: [NINearbyObject] = []
    for await event in stream {
        switch event {
        case .didUpdate(let object, _):
            objects.append(object)
            if objects.count == count { return (objects, nil) }
        case .didStartRunning:
            continue
        default:
            return (objects, event)
        }
    }
    return (objects, nil)
}

/// The error `stream`'s session is invalidated with, skipping every other event; nil if the stream ends first.
func invalidation(in stream: AsyncStream<NISession.Event>) async -> NIError? {
    for await event in stream {
        if case .didInvalidate(let error) = event { return error }
    }
    return nil
}
