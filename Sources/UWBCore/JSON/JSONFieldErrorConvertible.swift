/// An error type that can carry a ``JSONFieldError``, so that ``JSONField`` and ``JSONObject``
/// throw the decoding format's own error type (typed throws) instead of a second one.
public protocol JSONFieldErrorConvertible: Error {
    /// This error type's representation of `error`; keep `error.field` as the field it names.
    init(_ error: JSONFieldError)
}
