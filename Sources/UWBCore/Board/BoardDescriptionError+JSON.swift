extension BoardDescriptionError: JSONFieldErrorConvertible {
    /// The board error for a problem found by the shared JSON decoder, keeping its field path.
    public init(_ error: JSONFieldError) {
        let field = error.field
        switch error.problem {
        case .malformed(let reason): self = .malformedJSON(reason: reason)
        case .missingKey: self = .missingKey(field: field)
        case .unknownKey(let allowed): self = .unknownKey(field: field, allowed: allowed)
        case .wrongType(let expected, let found): self = .wrongType(field: field, expected: expected, found: found)
        case .notFinite: self = .notFinite(field: field)
        case .notWholeNumber(let value): self = .notWholeNumber(field: field, value: value)
        case .numberTooLarge(let value): self = .numberTooLarge(field: field, value: value)
        case .wrongCount(let expected, let found): self = .wrongCount(field: field, expected: expected, found: found)
        case .unsupportedValue(let value, let allowed): self = .unsupportedValue(field: field, value: value, allowed: allowed)
        }
    }
}
