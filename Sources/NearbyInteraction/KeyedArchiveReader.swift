import Foundation

/// Reads the payload of a Nearby Interaction object from keyed-archive data without handing the data
/// to `NSKeyedUnarchiver`, after checking everything that unarchiver would trust.
///
/// swift-corelibs-foundation's `NSKeyedUnarchiver` stops the process on some malformed archives
/// (a root object of a class other than the one asked for, a class reference that points nowhere),
/// so data from the network must not reach it unchecked. This reader accepts exactly the shape
/// `NSKeyedArchiver` writes for these classes: a binary property list with `$archiver`
/// `NSKeyedArchiver`, `$version` 100000, a `root` reference to an object whose `$class` reference
/// names the expected class and whose ``KeyedArchivePayload/key`` holds the payload data.
enum KeyedArchiveReader {
    /// The `$version` every keyed archive carries.
    private static let archiveVersion = 100_000

    /// The payload of the archived root object, which must be of class `className`.
    ///
    /// - Throws: ``NIArchiveError/tooLarge(byteCount:limit:)``, ``NIArchiveError/malformedArchive(reason:)``
    ///   or ``NIArchiveError/unexpectedClass(found:expected:)``.
    static func payload(of data: Data, className: String) throws(NIArchiveError) -> [UInt8] {
        guard data.count <= NIArchiveError.maximumArchiveLength else {
            throw .tooLarge(byteCount: data.count, limit: NIArchiveError.maximumArchiveLength)
        }
        guard data.starts(with: Array("bplist00".utf8)) else {
            throw .malformedArchive(reason: "not a binary property list")
        }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .malformedArchive(reason: "unreadable property list")
        }
        guard let archive = plist as? [String: Any] else { throw .malformedArchive(reason: "top level is not a dictionary") }
        guard archive["$archiver"] as? String == "NSKeyedArchiver" else {
            throw .malformedArchive(reason: "$archiver is not NSKeyedArchiver")
        }
        guard let version = archive["$version"] as? Int, version == archiveVersion else {
            throw .malformedArchive(reason: "$version is not \(archiveVersion)")
        }
        guard let objects = archive["$objects"] as? [Any] else { throw .malformedArchive(reason: "no $objects array") }
        guard let top = archive["$top"] as? [String: Any], let rootReference = top["root"] else {
            throw .malformedArchive(reason: "no root object")
        }
        let root = try object(at: rootReference, in: objects, what: "root")
        guard let rootObject = root as? [String: Any], let classReference = rootObject["$class"] else {
            throw .malformedArchive(reason: "root is not an archived object")
        }
        guard let classDescription = try object(at: classReference, in: objects, what: "$class") as? [String: Any],
              let found = classDescription["$classname"] as? String
        else {
            throw .malformedArchive(reason: "$class does not reference a class description")
        }
        guard found == className else { throw .unexpectedClass(found: found, expected: className) }
        guard classDescription["$classhints"] == nil else { throw .malformedArchive(reason: "unexpected $classhints") }
        guard let payload = rootObject[KeyedArchivePayload.key] as? Data else {
            throw .malformedArchive(reason: "root object has no \(KeyedArchivePayload.key) data")
        }
        return Array(payload)
    }

    /// The element of `objects` that `reference` (a keyed-archive UID) points to.
    private static func object(at reference: Any, in objects: [Any], what: String) throws(NIArchiveError) -> Any {
        guard let index = uidValue(reference) else { throw .malformedArchive(reason: "\(what) is not an object reference") }
        guard index < objects.count else { throw .malformedArchive(reason: "\(what) references object \(index) of \(objects.count)") }
        return objects[index]
    }

    /// The index a keyed-archive UID holds. Foundation has no public API for UIDs on Linux (they are
    /// `_NSKeyedArchiverUID` objects), so this reads the stored `value` by reflection. If a later
    /// Foundation changes that type, this returns nil and every archive is rejected: failing closed,
    /// never open (the tests' round trips would show it at once).
    private static func uidValue(_ reference: Any) -> Int? {
        guard String(describing: type(of: reference)) == "_NSKeyedArchiverUID" else { return nil }
        for child in Mirror(reflecting: reference).children where child.label == "value" {
            if let value = child.value as? UInt32 { return Int(value) }
        }
        return nil
    }
}
