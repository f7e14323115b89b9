import Foundation

/// Reads the payload of a Nearby Interaction object from keyed-archive data without handing the data
/// to Foundation, after checking everything Foundation would trust.
///
/// On Linux, swift-corelibs-foundation stops the process on some malformed input: its
/// `PropertyListSerialization` on some corrupt binary property lists, and its `NSKeyedUnarchiver`
/// on a root object of a class other than the one asked for or a class reference that points nowhere.
/// So this reader parses the property list itself (``BinaryPropertyList``) and accepts exactly the shape
/// `NSKeyedArchiver` writes for these classes: `$archiver` `NSKeyedArchiver`, `$version` 100000, a
/// `$top` `root` reference to an object whose `$class` reference names the expected class (without
/// `$classhints`) and whose ``KeyedArchivePayload/key`` holds the payload data. Data it accepts is also
/// safe to give to `NSKeyedUnarchiver`.
enum KeyedArchiveReader {
    /// The `$version` every keyed archive carries.
    private static let archiveVersion: Int64 = 100_000

    /// The payload of the archived root object, which must be of class `className`.
    ///
    /// - Throws: ``NIArchiveError/tooLarge(byteCount:limit:)``, ``NIArchiveError/malformedArchive(reason:)``
    ///   or ``NIArchiveError/unexpectedClass(found:expected:)``.
    static func payload(of data: Data, className: String) throws(NIArchiveError) -> [UInt8] {
        guard data.count <= NIArchiveError.maximumArchiveLength else {
            throw .tooLarge(byteCount: data.count, limit: NIArchiveError.maximumArchiveLength)
        }
        let plist = try BinaryPropertyList(Array(data))
        guard plist.value(forKey: "$archiver", inDictionaryAt: plist.top) == .string("NSKeyedArchiver") else {
            throw .malformedArchive(reason: "$archiver is not NSKeyedArchiver")
        }
        guard plist.value(forKey: "$version", inDictionaryAt: plist.top) == .integer(archiveVersion) else {
            throw .malformedArchive(reason: "$version is not \(archiveVersion)")
        }
        guard case .array(let objects) = plist.value(forKey: "$objects", inDictionaryAt: plist.top) else {
            throw .malformedArchive(reason: "no $objects array")
        }
        guard let top = plist.index(forKey: "$top", inDictionaryAt: plist.top),
              case .uid(let rootUID) = plist.value(forKey: "root", inDictionaryAt: top)
        else {
            throw .malformedArchive(reason: "no root object reference")
        }
        guard rootUID < objects.count, case .uid(let classUID) = plist.value(forKey: "$class", inDictionaryAt: objects[rootUID]) else {
            throw .malformedArchive(reason: "root is not an archived object")
        }
        guard classUID < objects.count,
              case .string(let found) = plist.value(forKey: "$classname", inDictionaryAt: objects[classUID])
        else {
            throw .malformedArchive(reason: "$class does not reference a class description")
        }
        guard found == className else { throw .unexpectedClass(found: found, expected: className) }
        guard plist.value(forKey: "$classhints", inDictionaryAt: objects[classUID]) == nil else {
            throw .malformedArchive(reason: "unexpected $classhints")
        }
        guard case .data(let payload) = plist.value(forKey: KeyedArchivePayload.key, inDictionaryAt: objects[rootUID]) else {
            throw .malformedArchive(reason: "root object has no \(KeyedArchivePayload.key) data")
        }
        return payload
    }
}
