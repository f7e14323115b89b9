/// A JSON value together with its path in the document, so every error can name its field.
struct JSONField {
    /// The path, for example `chips[1].antenna.position`; empty for the top level.
    let path: String
    /// The value at that path.
    let value: JSONValue

    /// The value as an object whose keys are all in `required` or `optional`.
    ///
    /// - Throws: ``BoardDescriptionError/wrongType(field:expected:found:)`` if it is not an object,
    ///   ``BoardDescriptionError/unknownKey(field:allowed:)`` for a key not listed (the first in
    ///   sorted order) and ``BoardDescriptionError/missingKey(field:)`` for a required key absent.
    func object(required: [String], optional: [String] = []) throws(BoardDescriptionError) -> JSONObject {
        guard case .object(let members) = value else {
            throw .wrongType(field: path, expected: "an object", found: value.kind)
        }
        let allowed = required + optional
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw .unknownKey(field: BoardKey.path(path, unknown), allowed: allowed)
        }
        if let missing = required.first(where: { members[$0] == nil }) {
            throw .missingKey(field: BoardKey.path(path, missing))
        }
        return JSONObject(path: path, members: members)
    }

    /// The value as an array of fields with indexed paths.
    func array() throws(BoardDescriptionError) -> [JSONField] {
        guard case .array(let elements) = value else {
            throw .wrongType(field: path, expected: "an array", found: value.kind)
        }
        return elements.enumerated().map { JSONField(path: BoardKey.path(path, index: $0.offset), value: $0.element) }
    }

    /// The value as a string.
    func string() throws(BoardDescriptionError) -> String {
        guard case .string(let text) = value else {
            throw .wrongType(field: path, expected: "a string", found: value.kind)
        }
        return text
    }

    /// The value as a finite number.
    func number() throws(BoardDescriptionError) -> Double {
        guard case .number(let number) = value else {
            throw .wrongType(field: path, expected: "a number", found: value.kind)
        }
        guard number.isFinite else { throw .notFinite(field: path) }
        return number
    }

    /// The value as a whole number.
    func integer() throws(BoardDescriptionError) -> Int {
        let number = try number()
        guard number == number.rounded() else { throw .notWholeNumber(field: path, value: number) }
        guard let integer = Int(exactly: number) else { throw .numberTooLarge(field: path, value: number) }
        return integer
    }
}
