import Foundation

/// The target of an HTTP request (`/stream?token=T&observe`): its path and query parameters.
struct RequestTarget: Hashable, Sendable {
    /// The path, without the query.
    let path: String
    /// The query's parameters by name, percent-decoded; a parameter without `=` has the empty value.
    let parameters: [String: String]

    /// The target `uri` names.
    init(_ uri: String) {
        let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = String(parts.first ?? "")
        var parameters: [String: String] = [:]
        for pair in (parts.count > 1 ? parts[1] : "").split(separator: "&") {
            let nameAndValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decoded(nameAndValue[0])
            parameters[name] = nameAndValue.count > 1 ? Self.decoded(nameAndValue[1]) : ""
        }
        self.parameters = parameters
    }

    /// `text` with `+` as a space and percent escapes decoded (left as it is if they are malformed).
    private static func decoded(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
