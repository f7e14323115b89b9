import UWBCore

/// Why a ``SessionMesh`` could not be set up.
public enum SessionMeshError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The world has fewer than two devices.
    case notEnoughDevices(Int)
    /// The world has more than ``SessionMesh/maximumDevices`` devices.
    case tooManyDevices(Int)
    /// The interval is not one the devices' radios keep, `lowest` to `highest`.
    case intervalOutOfRange(Duration, lowest: Duration, highest: Duration)
    /// The hub names no device of the world, which has `devices`.
    case unknownHub(String, devices: [String])
    /// The scenario's world could not be built.
    case emulation(String)
    /// A token could not be archived or unarchived.
    case tokenExchange(String)
    /// A phone and its accessory cannot range through the accessory protocol.
    case accessory(String)

    /// What went wrong, and what to do.
    public var description: String {
        switch self {
        case .notEnoughDevices(let count):
            "devices: the scenario has \(count) device\(count == 1 ? "" : "s"); sessions need at least 2: add a device to the scenario"
        case .tooManyDevices(let count):
            "devices: the scenario has \(count) devices; sessions between every two of them work for at most \(SessionMesh.maximumDevices) (\(SessionMesh.maximumDevices * (SessionMesh.maximumDevices - 1) / 2) pairs; beyond, one channel cannot give every pair an update every few seconds and some are removed): leave some out"
        case .intervalOutOfRange(let interval, let lowest, let highest):
            "an update interval of \(Self.milliseconds(interval, .toNearestOrAwayFromZero)) ms is outside the \(Self.milliseconds(lowest, .up)) to \(Self.milliseconds(highest, .down)) ms the devices' radios keep"
        case .unknownHub(let hub, let devices):
            "the hub \"\(hub)\" is no device of the scenario; name one of \(devices.joined(separator: ", "))"
        case .emulation(let reason): "the world could not be built: \(reason)"
        case .tokenExchange(let reason): "the token exchange failed: \(reason)"
        case .accessory(let reason): "an accessory session cannot start: \(reason)"
        }
    }

    /// `duration` in milliseconds, rounded to the microsecond in `direction` (bounds round inwards,
    /// so that a value read from the message is inside them).
    private static func milliseconds(_ duration: Duration, _ direction: FloatingPointRoundingRule) -> String {
        JSONNumberText.text((duration.secondsValue * 1_000_000).rounded(direction) / 1000)
    }
}
