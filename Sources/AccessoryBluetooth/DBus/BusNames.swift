/// The bus's rules for names, checked before libdbus sees them (libdbus aborts the process on a
/// path that breaks them).
package enum BusNames {
    /// Whether `path` is a valid object path: `/`, or `/`-separated elements of `[A-Za-z0-9_]`.
    package static func isValidPath(_ path: String) -> Bool {
        guard path.first == "/" else { return false }
        if path == "/" { return true }
        let elements = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        return elements.allSatisfy { element in
            !element.isEmpty && element.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
        }
    }
}
