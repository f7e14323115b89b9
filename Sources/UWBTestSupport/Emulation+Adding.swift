import UWBCore
import UWBEmulator

extension Emulation {
    /// Adds a device whose radio adopts the handler `make` builds for it, and returns the handler,
    /// for a test that looks at what its handler saw after the run.
    ///
    /// - Throws: what ``UWBEmulator/Emulation/add(_:application:)`` throws.
    public func adding<Handler: RadioEventHandler>(
        _ setup: DeviceSetup, _ make: (EmulatedRadio) -> Handler
    ) throws(EmulationError) -> Handler {
        let device = try add(setup)
        let handler = make(device.radio)
        device.radio.adopt(handler)
        return handler
    }
}
