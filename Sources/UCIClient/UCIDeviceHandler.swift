import UCI

/// Receives what a ``UCIDevice`` says on its own: notifications, and the end of the device.
/// Called on the device's loop.
public protocol UCIDeviceHandler: AnyObject {
    /// The device sent `notification`.
    func device(_ device: UCIDevice, notified notification: UCINotification)
    /// The device is gone (`error` says why); no more responses or notifications will come.
    func device(_ device: UCIDevice, failed error: UCIClientError)
}
