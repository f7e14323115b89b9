import UCI
import UWBEmulator

/// The scenario's room as UCI hosts share it, on the world's thread: its devices and the hosts
/// that hold them. A new connection takes the first device no host holds (scenario order); a
/// host that goes gives its device back, its sessions ended.
final class UCIRoom {
    private let emulation: Emulation
    private let slots: [UCIDeviceSlot]
    private var hosts: [Int: UCIHost] = [:]

    /// The room of `emulation`, every device's events routed to its slot.
    ///
    /// - Throws: ``UCIServiceError/noDevices`` for an empty world,
    ///   ``UCIServiceError/antennaArray(device:reason:)`` for a board the engine cannot use.
    init(emulation: Emulation) throws(UCIServiceError) {
        guard !emulation.devices.isEmpty else { throw .noDevices }
        self.emulation = emulation
        var slots: [UCIDeviceSlot] = []
        for device in emulation.devices {
            let slot = try UCIDeviceSlot(device: device, configuration: emulation.configuration)
            device.application = slot
            slots.append(slot)
        }
        self.slots = slots
    }

    /// Gives connection `id` the first free device; a connection that finds none is told the
    /// UWBS is in ERROR and closed.
    func attach(_ id: Int, connection: UCIConnection) {
        guard let slot = slots.first(where: { !$0.isTaken }) else {
            connection.send(.notification(.deviceStatus(.error)))
            connection.finish()
            return
        }
        connection.deviceName = slot.device.name
        hosts[id] = UCIHost(connection: connection, slot: slot, emulation: emulation)
    }

    /// Passes what connection `id` sent to its host.
    func receive(_ input: Result<UCIRawMessage, UCIError>, from id: Int) {
        hosts[id]?.receive(input)
    }

    /// Forgets connection `id`: its sessions end and its device is free again.
    func detach(_ id: Int) {
        hosts.removeValue(forKey: id)?.detach()
    }

    /// The name of the device connection `id` holds.
    func deviceName(of id: Int) -> String? {
        hosts[id]?.slot.device.name
    }
}
