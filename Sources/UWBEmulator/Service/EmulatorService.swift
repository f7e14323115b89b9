import Foundation
import Synchronization
import UWBCore

/// The emulator as a service shared by processes (`Docs/emulator-service.md`): it runs an
/// emulated room against the wall clock and lets one client at a time attach to each of the
/// devices left free for apps, carrying that device's SPI transactions, interrupt line and reset
/// over a Unix socket (``EmulatorWire``). The client's own DW1000 driver drives the virtual chips,
/// as it would a USB board.
///
/// A client that goes away frees its device for the next; the service carries on. Stopping the
/// service closes every connection, so the clients' next transaction fails.
///
/// `@unchecked Sendable`: the room is reached only through ``PacedEmulation/perform(_:)``; the
/// attachments and connections are behind mutexes.
public final class EmulatorService: @unchecked Sendable {
    /// The default socket path: `$XDG_RUNTIME_DIR/swift-uwb-emulator.sock`, or
    /// `/tmp/swift-uwb-emulator.sock` without one.
    public static var defaultSocketPath: String {
        let directory = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return directory + "/swift-uwb-emulator.sock"
    }

    /// Where clients connect.
    public let socketPath: String
    /// The names of the devices clients may attach to.
    public let freeDevices: [String]

    private let room: PacedEmulation
    private let devices: [String: EmulatedDevice]
    private let listener: UnixSocket
    private let attached = Mutex<Set<String>>([])
    private let connections = Mutex<[UnixSocket]>([])

    /// A service for `emulation` (set up, not yet run) whose devices named in `free` are left to
    /// clients; the others keep whatever the scenario gave them.
    ///
    /// - Throws: ``EmulatorServiceError/cannotListen(path:reason:)`` if the socket cannot be opened,
    ///   ``EmulatorServiceError/refused(_:)`` for a free device the emulation does not have.
    public init(emulation: Emulation, free: [String], socketPath: String = EmulatorService.defaultSocketPath)
        throws(EmulatorServiceError) {
        var devices: [String: EmulatedDevice] = [:]
        for name in free {
            guard let device = emulation.devices.first(where: { $0.name == name }) else {
                throw .refused("the scenario has no device \"\(name)\"")
            }
            device.releaseChips()
            devices[name] = device
        }
        self.devices = devices
        self.freeDevices = free
        self.socketPath = socketPath
        room = PacedEmulation(emulation)
        listener = try UnixSocket.listen(at: socketPath)
    }

    /// Starts the room and accepts clients, each on a thread of its own.
    public func start() {
        room.start()
        let thread = Thread { [self] in
            while let client = listener.accept() {
                connections.withLock { $0.append(client) }
                let connection = Thread { [self] in serve(client) }
                connection.start()
            }
        }
        thread.start()
    }

    /// Closes the socket and every open connection, then stops the room.
    public func stop() {
        listener.close()
        unlink(socketPath)
        for connection in connections.withLock({ $0 }) {
            connection.close()
        }
        room.stop()
    }

    /// Serves one client until it goes away or breaks the protocol.
    private func serve(_ client: UnixSocket) {
        var device: String?
        defer {
            if let device {
                attached.withLock { _ = $0.remove(device) }
            }
            client.close()
            connections.withLock { $0.removeAll { $0 === client } }
        }
        do throws(EmulatorServiceError) {
            guard case .hello(let version, let name) = try EmulatorRequest(decoding: EmulatorWire.receive(from: client)) else {
                throw .malformed("the first message must be HELLO")
            }
            guard version == EmulatorWire.version else { throw .versionMismatch(client: version, service: EmulatorWire.version) }
            guard let chosen = devices[name] else {
                throw .refused("no free device \"\(name)\"; free devices: " + freeDevices.joined(separator: ", "))
            }
            guard attached.withLock({ $0.insert(name).inserted }) else {
                throw .refused("device \"\(name)\" is in use by another app; each device takes one app at a time")
            }
            device = name
            let bus = SimulationThreadBus(device: chosen, emulation: room)
            try EmulatorWire.send(EmulatorReply.welcome(version: EmulatorWire.version, board: chosen.board.id).encoded, on: client)
            while true {
                let reply = answer(try EmulatorRequest(decoding: EmulatorWire.receive(from: client)), on: bus)
                try EmulatorWire.send(reply.encoded, on: client)
                if case .error = reply { return }
            }
        } catch {
            if case .connectionLost = error { return }
            try? EmulatorWire.send(EmulatorReply.error(error.description).encoded, on: client)
        }
    }

    private func answer(_ request: EmulatorRequest, on bus: SimulationThreadBus) -> EmulatorReply {
        do throws(SPIBusError) {
            switch request {
            case .hello:
                return .error("HELLO again on an attached connection")
            case .transfer(let chip, let transaction):
                return .data(try bus.transfer(transaction, on: ChipSelect(chip)))
            case .interrupt(let chip):
                return .level(try bus.waitForInterrupt(on: ChipSelect(chip), until: .now))
            case .reset(let chip):
                try bus.reset(ChipSelect(chip))
                return .done
            }
        } catch {
            return .error(error.description)
        }
    }
}
