import Foundation

/// An error of an ``ARSession`` (ARKit: iOS 11).
public struct ARError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, with ARKit's raw values.
    public enum Code: Int, Sendable {
        /// The configuration cannot run on this device: on Linux, every configuration (no camera).
        case unsupportedConfiguration = 100
        /// A sensor the session needs is not available.
        case sensorUnavailable = 101
        /// A sensor failed.
        case sensorFailed = 102
        /// The user did not allow the camera.
        case cameraUnauthorized = 103
    }

    /// The error's code.
    public let code: Code

    /// An error of `code`.
    public init(_ code: Code) {
        self.code = code
    }

    /// ARKit's error domain.
    public static let errorDomain = "com.apple.arkit.error"

    /// What went wrong and what to do.
    public var description: String {
        switch code {
        case .unsupportedConfiguration:
            "ARError.unsupportedConfiguration (100): this device cannot run the configuration; Linux has no camera, "
                + "so no ARKit configuration runs (check ARConfiguration.isSupported first)"
        case .sensorUnavailable: "ARError.sensorUnavailable (101): a sensor the session needs is not available"
        case .sensorFailed: "ARError.sensorFailed (102): a sensor failed"
        case .cameraUnauthorized: "ARError.cameraUnauthorized (103): the user did not allow the camera"
        }
    }
}
