import UWBCore
import UWBEmulator

/// Software on a radio that passes everything to another handler and folds each event into a ``RunDigest``.
final class DigestedApplication: RadioEventHandler {
    private let wrapped: any RadioEventHandler
    private let device: Int
    private let digest: RunDigest

    /// Wraps `wrapped`, the handler of device number `device`.
    init(_ wrapped: any RadioEventHandler, device: Int, digest: RunDigest) {
        self.wrapped = wrapped
        self.device = device
        self.digest = digest
    }

    /// Tells the wrapped handler.
    func radioStarted() {
        wrapped.radioStarted()
    }

    /// Records the event, then hands it on.
    func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        digest.combine(event, device: device)
        wrapped.radio(event, fromChip: chip)
    }
}
