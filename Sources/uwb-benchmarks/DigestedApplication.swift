import UWBCore
import UWBEmulator

/// An application that passes everything to another and folds each event into a ``RunDigest``.
final class DigestedApplication: DeviceApplication {
    private let wrapped: DeviceApplication
    private let device: Int
    private let digest: RunDigest

    /// Wraps `wrapped`, the application of device number `device`.
    init(_ wrapped: DeviceApplication, device: Int, digest: RunDigest) {
        self.wrapped = wrapped
        self.device = device
        self.digest = digest
    }

    /// Starts the wrapped application.
    func start(on radio: DeviceRadio) {
        wrapped.start(on: radio)
    }

    /// Records the event, then hands it on.
    func handle(_ event: TransceiverEvent, fromChip chip: Int, on radio: DeviceRadio) {
        digest.combine(event, device: device)
        wrapped.handle(event, fromChip: chip, on: radio)
    }
}
