import Foundation

/// Makes keyed archives that contain Nearby Interaction objects byte-stable: the same objects
/// archive to the same octets every time, in every process.
///
/// iOS apps key dictionaries by `NSKeyedArchiver.archivedData(withRootObject: token,
/// requiringSecureCoding: true)`. On Linux, swift-corelibs-foundation builds each dictionary of the
/// archive (the top level with `$archiver`, `$objects`, `$top` and `$version`; each object with its
/// `$class`; each class description with `$classname` and `$classes`) as a Swift `Dictionary`, whose
/// order is seeded per process and per hash table, and its binary property-list writer writes
/// entries in that order. No choice of keys in `encode(with:)` avoids it: the archiver adds those
/// keys itself. So, once the archiver has written its data, this delegate rewrites it in the
/// canonical form of ``BinaryPropertyList/canonicalEncoding()`` (dictionary keys in ascending
/// order). The content is unchanged: every unarchiver reads the same objects, and archives written
/// before in any key order still decode.
///
/// ``adopt(_:)`` installs it on an `NSKeyedArchiver` that has no delegate; an archiver with the app's
/// own delegate, an archiver writing XML (whose keys Foundation already sorts) or to a stream, and
/// an archive too large for ``BinaryPropertyList`` are left as Foundation writes them.
///
/// Stateless, so `Sendable`; archivers hold their delegate weakly, so one shared instance serves all.
final class StableArchiveOrder: NSObject, NSKeyedArchiverDelegate, Sendable {
    /// The delegate installed on archivers.
    private static let shared = StableArchiveOrder()

    /// Installs the shared delegate on `coder` if it is an `NSKeyedArchiver` without a delegate.
    static func adopt(_ coder: NSCoder) {
        guard let archiver = coder as? NSKeyedArchiver, archiver.delegate == nil else { return }
        archiver.delegate = shared
    }

    /// `object` unchanged: encoding is Foundation's.
    func archiver(_ archiver: NSKeyedArchiver, willEncode object: Any) -> Any? {
        object
    }

    /// Nothing: encoding is Foundation's.
    func archiver(_ archiver: NSKeyedArchiver, didEncode object: Any?) {}

    /// Nothing: encoding is Foundation's.
    func archiver(_ archiver: NSKeyedArchiver, willReplace object: Any?, withObject newObject: Any?) {}

    /// Nothing: the archive is rewritten once written, in ``archiverDidFinish(_:)``.
    func archiverWillFinish(_ archiver: NSKeyedArchiver) {}

    /// Rewrites the archive the archiver has just written in canonical form, then removes itself.
    func archiverDidFinish(_ archiver: NSKeyedArchiver) {
        if archiver.delegate === self {
            archiver.delegate = nil
        }
        guard let output = Self.output(of: archiver),
              let canonical = Self.canonical([UInt8](Data(referencing: output)))
        else { return }
        output.setData(Data(canonical))
    }

    /// `archive` in canonical form, or nil if it is not a binary property list the strict reader
    /// accepts (or has no canonical form): then it stays as it is.
    static func canonical(_ archive: [UInt8]) -> [UInt8]? {
        guard let plist = try? BinaryPropertyList(archive) else { return nil }
        return plist.canonicalEncoding()
    }

    /// The mutable data `archiver` writes into, when it writes into one (it does for
    /// `archivedData(withRootObject:requiringSecureCoding:)` and `init(requiringSecureCoding:)`).
    /// Foundation keeps it in a private stored property, `_stream`, found by reflection; if a
    /// Foundation release renames it, archives are left as written (and the stability tests fail).
    private static func output(of archiver: NSKeyedArchiver) -> NSMutableData? {
        var mirror: Mirror? = Mirror(reflecting: archiver)
        while let current = mirror {
            if let stream = current.children.first(where: { $0.label == "_stream" })?.value {
                return stream as? NSMutableData
            }
            mirror = current.superclassMirror
        }
        return nil
    }
}
