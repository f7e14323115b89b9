import UCI
import UCIClient

/// A UCI host written command by command over a ``UCIDevice``: what a test needs to stand for a
/// host that is not this project's NearbyInteraction (Android's stack, a script).
final class RawHost: UCIDeviceHandler, @unchecked Sendable {
    let device: UCIDevice
    /// Every notification the device sends.
    let notifications: AsyncStream<UCINotification>
    private let continuation: AsyncStream<UCINotification>.Continuation

    /// A host on `device`.
    init(_ device: UCIDevice) {
        self.device = device
        (notifications, continuation) = AsyncStream.makeStream(of: UCINotification.self)
        device.post { [self] in device.attach(self) }
    }

    /// Sends `command` and returns its response.
    func call(_ command: UCICommand) async throws -> UCIResponse {
        try await withCheckedThrowingContinuation { (waiting: CheckedContinuation<UCIResponse, any Error>) in
            device.post { [device] in
                device.send(command) { result in waiting.resume(with: result) }
            }
        }
    }

    func device(_ device: UCIDevice, notified notification: UCINotification) {
        continuation.yield(notification)
    }

    func device(_ device: UCIDevice, failed error: UCIClientError) {
        continuation.finish()
    }
}
