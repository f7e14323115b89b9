/// A JSON object whose keys ``JSONField/object(required:optional:)`` has checked, with paths for
/// its members.
public struct JSONObject<Failure: JSONFieldErrorConvertible>: Sendable {
    /// The object's own path; empty for the top level.
    public let path: String
    /// The members by key.
    public let members: [String: JSONValue]

    /// An object at `path` with the given members.
    public init(path: String, members: [String: JSONValue]) {
        self.path = path
        self.members = members
    }

    /// The member `key`, normally a required key, which the check has found present.
    ///
    /// - Throws: ``JSONProblem/missingKey`` if it is absent after all.
    public func field(_ key: String) throws(Failure) -> JSONField<Failure> {
        let memberPath = JSONPath.member(key, of: path)
        guard let value = members[key] else {
            throw Failure(JSONFieldError(field: memberPath, problem: .missingKey))
        }
        return JSONField(path: memberPath, value: value)
    }

    /// The member `key`, or `nil` if it is absent or `null` (an optional key left at its default).
    public func optionalField(_ key: String) -> JSONField<Failure>? {
        guard let value = members[key], value != .null else { return nil }
        return JSONField(path: JSONPath.member(key, of: path), value: value)
    }
}
