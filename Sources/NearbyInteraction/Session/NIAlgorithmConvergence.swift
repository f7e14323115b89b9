import Foundation

/// The state of camera assistance for a session or one of its peers (Apple: iOS 16), given to
/// ``NISessionDelegate/session(_:didUpdateAlgorithmConvergence:for:)``.
///
/// Apple reports convergence only for camera-assisted sessions. Linux has no camera, so a session
/// never creates one of these and never calls that delegate method: not for a single-chip board,
/// and not for a multi-chip board that measures direction without any convergence. As on Apple
/// platforms, apps do not create them (there is no public initializer).
///
/// Immutable: the one stored property is a `let` of a `Sendable` value, so the class is `Sendable`.
public final class NIAlgorithmConvergence: NSObject, NSCopying, NSSecureCoding, Sendable {
    /// Whether camera assistance works, and if not, why.
    public let status: NIAlgorithmConvergenceStatus

    /// A convergence with `status`.
    package init(status: NIAlgorithmConvergenceStatus) {
        self.status = status
        super.init()
    }

    /// The status, for logs.
    public override var description: String {
        "NIAlgorithmConvergence(\(status))"
    }

    // MARK: NSCopying

    /// The object itself: convergences are immutable.
    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    // MARK: NSSecureCoding

    /// True: convergences decode only as convergences.
    public static var supportsSecureCoding: Bool { true }

    /// The keys of the archived form: the status as Apple's raw value (`unknown` 0,
    /// `notConverged` 1, `converged` 2) and the reasons' raw values separated by commas.
    private enum Key {
        static let status = "status"
        static let reasons = "reasons"
    }

    /// Archives the status and its reasons.
    public func encode(with coder: NSCoder) {
        switch status {
        case .unknown:
            coder.encode(0, forKey: Key.status)
        case .notConverged(let reasons):
            coder.encode(1, forKey: Key.status)
            coder.encode(reasons.map(\.rawValue).joined(separator: ",") as NSString, forKey: Key.reasons)
        case .converged:
            coder.encode(2, forKey: Key.status)
        }
    }

    /// Decodes a convergence, or nil if its status is not one of Apple's three.
    public init?(coder: NSCoder) {
        switch coder.decodeInteger(forKey: Key.status) {
        case 0:
            status = .unknown
        case 1:
            let text = coder.decodeObject(of: NSString.self, forKey: Key.reasons).map { $0 as String } ?? ""
            status = .notConverged(text.split(separator: ",").map { .init(rawValue: String($0)) })
        case 2:
            status = .converged
        default:
            return nil
        }
        super.init()
    }
}
