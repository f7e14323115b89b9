import Foundation

/// An error from a Nearby Interaction session (Apple: iOS 14), delivered to the delegate's
/// `session(_:didInvalidateWith:)`.
///
/// As on Apple platforms, match the code:
///
/// ```swift
/// catch let error as NIError where error.code == .invalidConfiguration { … }
/// catch NIError.invalidConfiguration { … }
/// ```
///
/// Bridged to `NSError` with domain ``NIErrorDomain`` and code ``Code/rawValue``; its
/// `localizedDescription` says what happened and what to do on Linux.
public struct NIError: Error, CustomNSError, Hashable, Sendable, CustomStringConvertible {
    /// The error's code.
    public let code: Code
    /// What exactly went wrong, when the session knows more than the code says: for example which
    /// part of a configuration it refused. A swift-uwb addition; part of the description.
    public let detail: String?

    /// An error with `code`.
    public init(_ code: Code) {
        self.code = code
        self.detail = nil
    }

    /// An error with `code` and what exactly went wrong.
    public init(_ code: Code, detail: String) {
        self.code = code
        self.detail = detail
    }

    /// The detail, if any, then what the code means and what to do.
    private var explanation: String {
        (detail.map { $0 + ". " } ?? "") + code.summary + " " + code.recoverySuggestion
    }

    /// ``NIErrorDomain``.
    public static var errorDomain: String { NIErrorDomain }

    /// The code's raw value, −5889 … −5880.
    public var errorCode: Int { code.rawValue }

    /// The description (`NSLocalizedDescriptionKey`) and what to do (`NSLocalizedRecoverySuggestionErrorKey`).
    public var errorUserInfo: [String: Any] {
        [
            NSLocalizedDescriptionKey: explanation,
            NSLocalizedRecoverySuggestionErrorKey: code.recoverySuggestion,
        ]
    }

    /// What happened and what to do on Linux.
    public var description: String {
        "NIError.\(code) (\(code.rawValue)): \(explanation)"
    }

    /// ``Code/unsupportedPlatform``, as Apple's `NIError.unsupportedPlatform`.
    public static var unsupportedPlatform: Code { .unsupportedPlatform }
    /// ``Code/invalidConfiguration``, as Apple's `NIError.invalidConfiguration`.
    public static var invalidConfiguration: Code { .invalidConfiguration }
    /// ``Code/sessionFailed``, as Apple's `NIError.sessionFailed`.
    public static var sessionFailed: Code { .sessionFailed }
    /// ``Code/resourceUsageTimeout``, as Apple's `NIError.resourceUsageTimeout`.
    public static var resourceUsageTimeout: Code { .resourceUsageTimeout }
    /// ``Code/activeSessionsLimitExceeded``, as Apple's `NIError.activeSessionsLimitExceeded`.
    public static var activeSessionsLimitExceeded: Code { .activeSessionsLimitExceeded }
    /// ``Code/userDidNotAllow``, as Apple's `NIError.userDidNotAllow`.
    public static var userDidNotAllow: Code { .userDidNotAllow }
    /// ``Code/invalidARConfiguration``, as Apple's `NIError.invalidARConfiguration`.
    public static var invalidARConfiguration: Code { .invalidARConfiguration }
    /// ``Code/accessoryPeerDeviceUnavailable``, as Apple's `NIError.accessoryPeerDeviceUnavailable`.
    public static var accessoryPeerDeviceUnavailable: Code { .accessoryPeerDeviceUnavailable }
    /// ``Code/incompatiblePeerDevice``, as Apple's `NIError.incompatiblePeerDevice`.
    public static var incompatiblePeerDevice: Code { .incompatiblePeerDevice }
    /// ``Code/activeExtendedDistanceSessionsLimitExceeded``, as Apple's
    /// `NIError.activeExtendedDistanceSessionsLimitExceeded`.
    public static var activeExtendedDistanceSessionsLimitExceeded: Code { .activeExtendedDistanceSessionsLimitExceeded }
}
