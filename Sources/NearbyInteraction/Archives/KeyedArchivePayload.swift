import Foundation

/// How Nearby Interaction objects store themselves in a keyed archive: one binary payload under one
/// key, written with `encodeBytes(_:length:forKey:)`.
///
/// The payload is stored inline in the archive, not as a nested object, so decoding it never asks
/// `NSKeyedUnarchiver` to look up a class. That matters on Linux: swift-corelibs-foundation's
/// unarchiver stops the process (instead of failing) when secure decoding meets a class it does not
/// allow, so an `init?(coder:)` that called `decodeObject(of:forKey:)` would crash on crafted input.
enum KeyedArchivePayload {
    /// The key of the payload in every Nearby Interaction archive.
    static let key = "payload"

    /// Stores `payload` under ``key``, and makes a keyed archiver write the archive byte-stable
    /// (``StableArchiveOrder``).
    static func encode(_ payload: [UInt8], with coder: NSCoder) {
        StableArchiveOrder.adopt(coder)
        payload.withUnsafeBufferPointer { buffer in
            coder.encodeBytes(buffer.baseAddress, length: buffer.count, forKey: key)
        }
    }

    /// The payload stored under ``key``, or nil if the coder is not keyed or holds no data there.
    /// Reads the value in place: no class is looked up.
    static func decode(from coder: NSCoder) -> [UInt8]? {
        guard coder.allowsKeyedCoding else { return nil }
        return coder.withDecodedUnsafeBytes(forKey: key) { buffer in
            buffer.map { Array($0) }
        }
    }
}
