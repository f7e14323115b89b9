import Foundation

/// Edits parsed JSON documents (as `JSONSerialization` returns them), for tests that break one
/// value of a valid file and check the error names it.
public enum JSONEditing {
    /// One step into a JSON document.
    public enum Step: Sendable {
        /// A member of an object.
        case key(String)
        /// An element of an array.
        case index(Int)
    }

    /// `document` with the value at `path` replaced by `value`, or removed when `value` is nil.
    public static func replacing(_ path: [Step], with value: Any?, in document: Any) -> Any {
        guard let step = path.first else { return value ?? NSNull() }
        let rest = Array(path.dropFirst())
        switch step {
        case .key(let key):
            var object = document as? [String: Any] ?? [:]
            if rest.isEmpty, value == nil {
                object[key] = nil
            } else {
                object[key] = replacing(rest, with: value, in: object[key] ?? [String: Any]())
            }
            return object
        case .index(let index):
            var array = document as? [Any] ?? []
            guard array.indices.contains(index) else { return array }
            array[index] = replacing(rest, with: value, in: array[index])
            return array
        }
    }
}
