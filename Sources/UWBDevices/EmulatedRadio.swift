import Foundation
import UWBCore
import UWBEmulator

/// A device of an in-process ``Emulation`` as a ``RadioHost``: its loop is the emulation's
/// simulator, its transceivers the real drivers on the virtual chips, as the emulation built them.
///
/// Whoever runs the emulation runs the loop (`Emulation.run(until:pacing:rate:)`), on one thread;
/// other threads reach it through ``post(_:)``, which goes to the simulator's inbox.
///
/// `@unchecked Sendable`: the device and simulator are used only on the simulator's thread (the
/// loop-only members say so), and ``post(_:)`` uses the thread-safe `LoopInbox`.
public final class EmulatedRadio: RadioHost, @unchecked Sendable {
    /// `emulator:` and the device's name.
    public let name: String
    /// The emulated device.
    public let device: EmulatedDevice
    private let simulator: Simulator
    private let inbox: LoopInbox

    /// The device called `deviceName` in `emulation`.
    ///
    /// - Throws: ``DeviceChoiceError/noSuchEmulatedDevice(_:available:)`` if there is none.
    public init(_ deviceName: String, in emulation: Emulation) throws(DeviceChoiceError) {
        guard let device = emulation.devices.first(where: { $0.name == deviceName }) else {
            throw .noSuchEmulatedDevice(deviceName, available: emulation.devices.map(\.name))
        }
        self.name = "emulator:" + deviceName
        self.device = device
        self.simulator = emulation.simulator
        self.inbox = emulation.simulator.inbox
    }

    /// The device's board.
    public var board: BoardDescription { device.board }
    /// The emulation's radio configuration.
    public var configuration: RadioConfig { device.radio.configuration }
    /// ``RadioKind/emulated``.
    public var kind: RadioKind { .emulated }
    /// The drivers of the device's chips, as the emulation built them. Loop only.
    public var transceivers: [any Transceiver] { device.radio.transceivers }
    /// The simulator's virtual time since it started. Loop only.
    public var now: Duration { simulator.now - .zero }

    /// Runs `action` after `delay` of virtual time. Loop only.
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) {
        device.radio.after(delay, action)
    }

    /// Hands `action` to the simulator's inbox. Any thread.
    public func post(_ action: @escaping @Sendable () -> Void) {
        inbox.post(action)
    }

    /// Hands `work` to the simulator's inbox as a reaction: it runs on `queue` before the
    /// simulator's next event, which waits for it. Loop only.
    public func deliver(on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void) {
        inbox.deliver(on: queue, work)
    }

    /// Makes `handler` the device's application, replacing any the scenario gave it. Loop only.
    public func attach(_ handler: any RadioEventHandler) {
        device.application = HandlerApplication(handler: handler)
    }
}
