import UWBCore
import UWBEmulator
import UWBRanging

/// One device of the room as UCI hosts get it: the emulated device, the builder that turns its
/// rounds into measurements, and the ranging loop its active session runs, to which the device's
/// chip events go.
final class UCIDeviceSlot: RadioApplication {
    /// The emulated device.
    let device: EmulatedDevice
    /// Turns its completed rounds into measurements (distance, direction, quality).
    let builder: MeasurementBuilder
    /// The loop the device's chip events go to, while a session ranges.
    var loop: RadioLoop?
    /// Whether a host has the device.
    var isTaken = false

    /// A slot for `device` in a world of `configuration`.
    ///
    /// - Throws: ``UCIServiceError/antennaArray(device:reason:)`` if the board's antenna array
    ///   is not usable on the world's channel.
    init(device: EmulatedDevice, configuration: RadioConfig) throws(UCIServiceError) {
        self.device = device
        do {
            builder = try MeasurementBuilder(board: device.board, configuration: configuration, fieldOfView: FieldOfView())
        } catch {
            throw .antennaArray(device: device.name, reason: "\(error)")
        }
    }

    /// Nothing to start: loops start with their sessions.
    func start(on radio: DeviceRadio) {}

    /// Hands a chip's event to the active loop.
    func handle(_ event: TransceiverEvent, fromChip chip: Int, on radio: DeviceRadio) {
        loop?.handle(event, fromChip: chip)
    }
}
