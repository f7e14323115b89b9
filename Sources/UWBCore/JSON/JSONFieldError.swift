/// A problem with one field of a JSON document: where it is and what is wrong.
///
/// Formats built on ``JSONField`` report these in their own error type through
/// ``JSONFieldErrorConvertible``; `JSONFieldError` itself conforms, for callers that need no
/// other errors.
public struct JSONFieldError: Error, Hashable, Sendable, CustomStringConvertible, JSONFieldErrorConvertible {
    /// The path of the field, for example `devices[2].clock.offsetPPM`; empty for the whole
    /// document (built with ``JSONPath``).
    public let field: String
    /// What is wrong with it.
    public let problem: JSONProblem

    /// An error about `field`.
    public init(field: String, problem: JSONProblem) {
        self.field = field
        self.problem = problem
    }

    /// The error itself (the identity conversion).
    public init(_ error: JSONFieldError) {
        self = error
    }

    /// The field path, then the problem, for example `seed: expected a number, got true`;
    /// a parser error alone when the document is not JSON at all.
    public var description: String {
        if case .malformed = problem { return problem.description }
        return "\(field.isEmpty ? "(top level)" : field): \(problem)"
    }
}
