import DW1000Driver
import UWBCore

/// What a ``DeviceApplication`` may use of its emulated device: the real driver of each chip (the
/// DW1000's or the DW3000's, as the board's chips are) and timers in virtual time.
public final class DeviceRadio {
    /// The device's name.
    public let name: String
    /// One transceiver per chip; the first sends and receives, the others only receive.
    public let transceivers: [any Transceiver]
    /// The radio configuration every chip uses.
    public let configuration: RadioConfig
    /// Driver errors the application reported, for the run's summary.
    public private(set) var errors: [TransceiverError] = []

    private let simulator: Simulator

    init(name: String, transceivers: [any Transceiver], configuration: RadioConfig, simulator: Simulator) {
        self.name = name
        self.transceivers = transceivers
        self.configuration = configuration
        self.simulator = simulator
    }

    /// The first chip's transceiver.
    public var primary: any Transceiver { transceivers[0] }

    /// Runs `action` on the radio loop after `delay` of virtual time.
    public func after(_ delay: Duration, _ action: @escaping () -> Void) {
        simulator.schedule(after: delay, action)
    }

    /// Records a driver error so the run's summary can report it.
    public func record(_ error: TransceiverError) {
        errors.append(error)
    }
}
