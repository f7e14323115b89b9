import Foundation

/// A parsed JSON document or part of one.
///
/// Numbers are `Double`s, as `JSONSerialization` gives them: whole numbers above 2⁵³ lose
/// precision, so formats that need exact large integers must limit them.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members by key.
    case object([String: JSONValue])

    /// Parses `data` (UTF-8 JSON text; any value may be at the top level) with Foundation's
    /// `JSONSerialization`.
    ///
    /// - Throws: a ``JSONFieldError`` at the top level with ``JSONProblem/malformed(reason:)``
    ///   carrying the parser's message.
    public static func parse(_ data: Data) throws(JSONFieldError) -> JSONValue {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let nsError = error as NSError
            let reason = nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
            throw JSONFieldError(field: "", problem: .malformed(reason: reason))
        }
        guard let value = JSONValue(foundation: parsed) else {
            throw JSONFieldError(
                field: "", problem: .malformed(reason: "the parser returned a value of type \(type(of: parsed))"))
        }
        return value
    }

    /// The value `JSONSerialization` returned, or `nil` for a type it never returns.
    ///
    /// The containers are tried first, and each as the one Swift type the parser makes: a cast that
    /// fails on a container bridges all of it to Foundation first (a dictionary tried as `[Any]` becomes
    /// an `NSDictionary`), which made parsing a scenario of a thousand devices take 0.08 s instead of 0.03 s.
    private init?(foundation value: Any) {
        if let object = value as? [String: Any] {
            var members: [String: JSONValue] = [:]
            members.reserveCapacity(object.count)
            for (key, member) in object {
                guard let converted = JSONValue(foundation: member) else { return nil }
                members[key] = converted
            }
            self = .object(members)
        } else if let array = value as? [Any] {
            var elements: [JSONValue] = []
            elements.reserveCapacity(array.count)
            for element in array {
                guard let converted = JSONValue(foundation: element) else { return nil }
                elements.append(converted)
            }
            self = .array(elements)
        } else if let string = value as? String {
            self = .string(string)
        } else if let number = value as? NSNumber {
            // JSONSerialization returns true and false as the boolean NSNumber subclass; `is Bool`
            // would also match the numbers 0 and 1, so compare the class instead.
            if ObjectIdentifier(type(of: number)) == JSONValue.booleanNumberClass {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        } else if value is NSNull {
            self = .null
        } else {
            return nil
        }
    }

    private static let booleanNumberClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// The value's kind with an article, for messages: "a string (\"x\")", "an array", "true", ….
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number: "a number"
        case .string(let text): "a string (\"\(text)\")"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
