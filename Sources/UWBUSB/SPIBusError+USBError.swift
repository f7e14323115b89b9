import UWBCore

extension SPIBusError {
    /// The bus error for a failed USB transfer: ``USBErrorCode/noDevice`` is
    /// ``SPIBusError/disconnected(_:)``, ``USBErrorCode/timedOut`` is ``SPIBusError/timedOut(_:)``
    /// and every other code ``SPIBusError/transferFailed(_:)`` with the USB error's advice.
    public init(_ error: USBError) {
        switch error.code {
        case .noDevice: self = .disconnected(error.summary)
        case .timedOut: self = .timedOut(error.summary)
        default: self = .transferFailed(error.description)
        }
    }
}
