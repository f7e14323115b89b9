import Foundation

/// A JSON value together with its path in the document, so that every error names its field.
///
/// Each accessor checks the value's type and throws `Failure` (the decoding format's own error
/// type) built from a ``JSONFieldError`` that names ``path``. For example, with
/// `Failure == JSONFieldError`:
///
/// ```swift
/// let root = try JSONField<JSONFieldError>(parsing: data).object(required: ["name"], optional: ["seed"])
/// let name = try root.field("name").string()        // "name: expected a string, got a number"
/// ```
public struct JSONField<Failure: JSONFieldErrorConvertible>: Sendable {
    /// The path, for example `chips[1].antenna.position`; empty for the top level.
    public let path: String
    /// The value at that path.
    public let value: JSONValue

    /// The value at `path`.
    public init(path: String, value: JSONValue) {
        self.path = path
        self.value = value
    }

    /// The whole document in `data`, at the top-level path.
    ///
    /// - Throws: ``JSONProblem/malformed(reason:)`` if `data` is not JSON.
    public init(parsing data: Data) throws(Failure) {
        do {
            self.init(path: "", value: try JSONValue.parse(data))
        } catch {
            throw Failure(error)
        }
    }

    /// An error about this field.
    public func failure(_ problem: JSONProblem) -> Failure {
        Failure(JSONFieldError(field: path, problem: problem))
    }

    /// The value as an object whose keys are all in `required` or `optional`.
    ///
    /// - Throws: ``JSONProblem/wrongType(expected:found:)`` if it is not an object,
    ///   ``JSONProblem/unknownKey(allowed:)`` at the first key not listed (in sorted order) and
    ///   ``JSONProblem/missingKey`` at the first required key absent.
    public func object(required: [String], optional: [String] = []) throws(Failure) -> JSONObject<Failure> {
        guard case .object(let members) = value else {
            throw failure(.wrongType(expected: "an object", found: value.kind))
        }
        let allowed = required + optional
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw Failure(JSONFieldError(field: JSONPath.member(unknown, of: path), problem: .unknownKey(allowed: allowed)))
        }
        if let missing = required.first(where: { members[$0] == nil }) {
            throw Failure(JSONFieldError(field: JSONPath.member(missing, of: path), problem: .missingKey))
        }
        return JSONObject(path: path, members: members)
    }

    /// The value as an array of fields with indexed paths.
    ///
    /// - Throws: ``JSONProblem/wrongType(expected:found:)`` if it is not an array.
    public func array() throws(Failure) -> [JSONField] {
        guard case .array(let elements) = value else {
            throw failure(.wrongType(expected: "an array", found: value.kind))
        }
        return elements.enumerated().map { JSONField(path: JSONPath.element($0.offset, of: path), value: $0.element) }
    }

    /// The value as an array of exactly `count` elements, described as `"\(count) \(elements)"`
    /// in the error, for example "3 numbers in metres".
    ///
    /// - Throws: as ``array()``, and ``JSONProblem/wrongCount(expected:found:)``.
    public func array(count: Int, of elements: String) throws(Failure) -> [JSONField] {
        let fields = try array()
        guard fields.count == count else {
            throw failure(.wrongCount(expected: "\(count) \(elements)", found: fields.count))
        }
        return fields
    }

    /// The value as a string.
    ///
    /// - Throws: ``JSONProblem/wrongType(expected:found:)`` if it is not a string.
    public func string() throws(Failure) -> String {
        guard case .string(let text) = value else {
            throw failure(.wrongType(expected: "a string", found: value.kind))
        }
        return text
    }

    /// The value as a Boolean.
    ///
    /// - Throws: ``JSONProblem/wrongType(expected:found:)`` if it is not `true` or `false`.
    public func bool() throws(Failure) -> Bool {
        guard case .bool(let flag) = value else {
            throw failure(.wrongType(expected: "true or false", found: value.kind))
        }
        return flag
    }

    /// The value as a finite number.
    ///
    /// - Throws: ``JSONProblem/wrongType(expected:found:)`` if it is not a number,
    ///   ``JSONProblem/notFinite`` if it is infinite or NaN.
    public func number() throws(Failure) -> Double {
        guard case .number(let number) = value else {
            throw failure(.wrongType(expected: "a number", found: value.kind))
        }
        guard number.isFinite else { throw failure(.notFinite) }
        return number
    }

    /// The value as a whole number.
    ///
    /// - Throws: as ``number()``, ``JSONProblem/notWholeNumber(_:)`` and
    ///   ``JSONProblem/numberTooLarge(_:)``.
    public func integer() throws(Failure) -> Int {
        let number = try number()
        guard number == number.rounded() else { throw failure(.notWholeNumber(number)) }
        guard let integer = Int(exactly: number) else { throw failure(.numberTooLarge(number)) }
        return integer
    }

    /// The value as a point: an array of 3 finite numbers `[x, y, z]` in metres.
    ///
    /// - Throws: as ``array(count:of:)`` and ``number()``; element errors name `path[i]`.
    public func position() throws(Failure) -> Position {
        let elements = try array(count: 3, of: "numbers in metres")
        return Position(metres: Vector3(x: try elements[0].number(), y: try elements[1].number(), z: try elements[2].number()))
    }

    /// The value as one of the strings an enumeration spells its cases with.
    ///
    /// - Throws: as ``string()``, and ``JSONProblem/unsupportedValue(value:allowed:)`` listing
    ///   every case.
    public func choice<Choice: RawRepresentable & CaseIterable>(
        _ type: Choice.Type
    ) throws(Failure) -> Choice where Choice.RawValue == String {
        let text = try string()
        guard let choice = Choice(rawValue: text) else {
            throw failure(.unsupportedValue(value: "\"\(text)\"", allowed: Choice.allCases.map { "\"\($0.rawValue)\"" }))
        }
        return choice
    }
}
