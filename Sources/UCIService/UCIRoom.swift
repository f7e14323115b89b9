import Logging
import UCI
import UWBCore
import UWBEmulator

/// The scenario's room as UCI hosts share it, on the world's thread: its devices and the hosts
/// that hold them. A new connection takes the first device no host holds (scenario order); a
/// host that goes gives its device back, its sessions ended. Data travels between the hosts'
/// sessions through the room (``activeSession(id:address:)``).
final class UCIRoom {
    private let emulation: Emulation
    /// The UCI version every host's UWBS speaks, and whether its 2.0 sessions get handles.
    private let uciVersion: UCIVersion
    private let sessionHandles: Bool
    private let slots: [UCIDeviceSlot]
    private var hosts: [Int: UCIHost] = [:]
    /// Where the room and its hosts log (``UCIServiceLogging``).
    private let logger: Logger

    /// The room of `emulation`, every device's events routed to its slot but those of the `reserved`
    /// devices (which hosts do not get), its UWBSs speaking `uciVersion` (2.0 with session handles
    /// unless `sessionHandles` is false), logging to `logger`.
    ///
    /// - Throws: ``UCIServiceError/noDevices`` for a world without a device for hosts,
    ///   ``UCIServiceError/antennaArray(device:reason:)`` for a board the engine cannot use.
    init(
        emulation: Emulation, uciVersion: UCIVersion = UCIServiceConstants.uciVersion, sessionHandles: Bool = true,
        reserved: Set<String> = [], logger: Logger = UCIServiceLogging.logger()
    ) throws(UCIServiceError) {
        guard emulation.devices.contains(where: { !reserved.contains($0.name) }) else { throw .noDevices }
        self.logger = logger
        self.emulation = emulation
        self.uciVersion = uciVersion
        self.sessionHandles = sessionHandles
        var slots: [UCIDeviceSlot] = []
        let simulator = emulation.simulator
        for device in emulation.devices where !reserved.contains(device.name) {
            let slot = try UCIDeviceSlot(device: device, configuration: emulation.configuration) { simulator.now - .zero }
            device.radio.attach(slot)
            slots.append(slot)
        }
        self.slots = slots
    }

    /// Gives connection `id` the first free device; a connection that finds none is told the
    /// UWBS is in ERROR and closed.
    func attach(_ id: Int, connection: UCIConnection) {
        var logger = logger
        logger[metadataKey: LogMetadataKey.peer] = "\(id)"
        guard let slot = slots.first(where: { !$0.isTaken }) else {
            logger.warning("UCI host turned away: every device is taken", metadata: ["devices": "\(slots.count)"])
            connection.send(.notification(.deviceStatus(.error)))
            connection.finish()
            return
        }
        connection.deviceName = slot.device.name
        logger[metadataKey: LogMetadataKey.device] = "\(slot.device.name)"
        logger.info("UCI host attached")
        hosts[id] = UCIHost(
            connection: connection, slot: slot, emulation: emulation, uciVersion: uciVersion,
            givesHandles: uciVersion.revision == .v2 && sessionHandles, room: self, logger: logger)
    }

    /// Passes what connection `id` sent to its host.
    func receive(_ input: Result<UCIRawMessage, UCIError>, from id: Int) {
        hosts[id]?.receive(input)
    }

    /// Passes to connection `id`'s host that a segment of a data message for session `handle`
    /// arrived with more to follow (``UCIDataSegments``).
    func dataSegmentReceived(_ handle: UInt32, from id: Int) {
        hosts[id]?.dataSegmentReceived(handle)
    }

    /// Forgets connection `id`: its sessions end and its device is free again.
    func detach(_ id: Int) {
        guard let host = hosts.removeValue(forKey: id) else { return }
        host.logger.info("UCI host detached", metadata: ["sessions": "\(host.sessions.count)"])
        host.detach()
    }

    /// The ACTIVE session of id `id` whose device has the short address `address`, with its host:
    /// where data for that address goes.
    func activeSession(id: UInt32, address: UInt16) -> (host: UCIHost, session: UCISession)? {
        for host in hosts.values {
            if let session = host.sessions.values.first(where: { $0.id == id && $0.state == .active && $0.config.deviceAddress == address }) {
                return (host, session)
            }
        }
        return nil
    }

    /// The name of the device connection `id` holds.
    func deviceName(of id: Int) -> String? {
        hosts[id]?.slot.device.name
    }
}
