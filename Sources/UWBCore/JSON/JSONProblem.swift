/// What is wrong with one JSON field, independent of the format being decoded.
public enum JSONProblem: Hashable, Sendable, CustomStringConvertible {
    /// The text is not valid JSON; `reason` is the parser's message.
    case malformed(reason: String)
    /// A required key is absent.
    case missingKey
    /// A key the format does not define, usually a typo; `allowed` lists the keys it does.
    case unknownKey(allowed: [String])
    /// A value of the wrong JSON type, for example a string where a number belongs.
    case wrongType(expected: String, found: String)
    /// A number that is infinite or NaN (JSON cannot spell these, but a parser may produce them).
    case notFinite
    /// A number that must be whole has a fractional part.
    case notWholeNumber(Double)
    /// A whole number too large for an `Int`.
    case numberTooLarge(Double)
    /// An array with the wrong number of elements; `expected` says how many of what, for example
    /// "3 numbers in metres".
    case wrongCount(expected: String, found: Int)
    /// A value outside the set the format allows, each written as in JSON (strings quoted).
    case unsupportedValue(value: String, allowed: [String])

    /// The problem in words, without the field path.
    public var description: String {
        switch self {
        case .malformed(let reason):
            "not valid JSON: \(reason)"
        case .missingKey:
            "missing; this key is required"
        case .unknownKey(let allowed):
            "unknown key; allowed here: \(allowed.joined(separator: ", "))"
        case .wrongType(let expected, let found):
            "expected \(expected), got \(found)"
        case .notFinite:
            "not a finite number"
        case .notWholeNumber(let value):
            "\(JSONNumberText.text(value)) is not a whole number"
        case .numberTooLarge(let value):
            "\(JSONNumberText.text(value)) is far too large"
        case .wrongCount(let expected, let found):
            "expected \(expected), got \(found)"
        case .unsupportedValue(let value, let allowed):
            "\(value) is not supported; use \(allowed.joined(separator: " or "))"
        }
    }
}
