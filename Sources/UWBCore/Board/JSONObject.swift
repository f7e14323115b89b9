/// A JSON object whose keys have been checked, with paths for its members.
struct JSONObject {
    /// The object's own path; empty for the top level.
    let path: String
    /// The members by key.
    let members: [String: JSONValue]

    /// The member `key`, which ``JSONField/object(required:optional:)`` has checked is present.
    ///
    /// - Throws: ``BoardDescriptionError/missingKey(field:)`` if it is absent after all.
    func field(_ key: String) throws(BoardDescriptionError) -> JSONField {
        guard let value = members[key] else { throw .missingKey(field: BoardKey.path(path, key)) }
        return JSONField(path: BoardKey.path(path, key), value: value)
    }

    /// The member `key`, or `nil` if it is absent or null.
    func optionalField(_ key: String) -> JSONField? {
        guard let value = members[key], value != .null else { return nil }
        return JSONField(path: BoardKey.path(path, key), value: value)
    }
}
