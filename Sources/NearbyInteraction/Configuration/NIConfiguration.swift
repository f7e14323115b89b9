import Foundation

/// The abstract base of session configurations (Apple: iOS 14). Run an ``NINearbyPeerConfiguration``;
/// like Apple's, this class has no public initializer.
///
/// `@unchecked Sendable`: the class stores nothing, it cannot be subclassed outside this module
/// (`public`, not `open`), and its one subclass, ``NINearbyPeerConfiguration``, is final and keeps its
/// only mutable state behind a lock.
public class NIConfiguration: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The initializer of subclasses.
    init(abstractBase: Void) {
        super.init()
    }

    // MARK: NSCopying

    /// The configuration itself; subclasses with state return a new copy.
    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    // MARK: NSSecureCoding

    /// True: configurations decode only as the classes asked for.
    public class var supportsSecureCoding: Bool { true }

    /// Subclasses archive their state; the abstract base has none.
    public func encode(with coder: NSCoder) {}

    /// Always nil: only concrete configurations can be decoded.
    public required init?(coder: NSCoder) {
        return nil
    }
}
