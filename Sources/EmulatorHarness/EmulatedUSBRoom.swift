import FT232H
import FT232HEmulation
import UWBCore
import UWBDevices
import UWBEmulator

/// Boards behind emulated FT232Hs in one emulated room: each device's chips are handed to an
/// FT232H wired to them, driven by ``FT232HSPIBus`` and the DW1000 driver on a ``ThreadedRadio``
/// (a loop thread with USB timing), while the room runs against the wall clock on its own thread
/// (``PacedEmulation``). Everything above the USB link is the real stack. For tests and
/// measurements; call ``stop()`` when done.
public final class EmulatedUSBRoom {
    /// The room, running on its own thread.
    public let room: PacedEmulation
    /// One radio per device, in the emulation's device order.
    public let radios: [ThreadedRadio]
    /// The boards' buses; read their statistics only after ``stop()`` (they belong to the loops).
    public let buses: [FT232HSPIBus]

    /// Starts `emulation` (set up, not yet run) on its own thread at `rate` virtual seconds per
    /// wall second and brings up every device as a USB board whose IN transfers each take
    /// `readLatency`. A USB board is real-time hardware, so its loop races the room's clock; tests on
    /// a loaded machine run the room slower than real time (a rate below 1), which gives each loop
    /// proportionally more wall time to answer a frame.
    ///
    /// - Throws: ``FT232HError`` or ``DeviceChoiceError`` if a board does not come up.
    public init(emulation: Emulation, readLatency: Duration = .zero, rate: Double = 1) throws {
        room = PacedEmulation(emulation, rate: rate)
        for device in emulation.devices {
            device.releaseChips()
        }
        room.start()
        var radios: [ThreadedRadio] = []
        var buses: [FT232HSPIBus] = []
        do {
            for device in emulation.devices {
                let link = EmulatedFT232H(board: device.board, chipBus: SimulationThreadBus(device: device, emulation: room))
                link.readLatency = readLatency
                let bus = try FT232HSPIBus(link: link, board: device.board, resetSettleTime: .zero)
                try bus.open()
                radios.append(try ThreadedRadio(name: "usb:" + device.name, board: device.board, bus: bus, kind: .usb))
                buses.append(bus)
            }
        } catch {
            radios.forEach { $0.stop() }
            room.stop()
            throw error
        }
        self.radios = radios
        self.buses = buses
    }

    /// Stops the radios' loops, then the room.
    public func stop() {
        radios.forEach { $0.stop() }
        room.stop()
    }
}
