/// Why a value could not be put into a ``BitField``.
public enum BitFieldError: Error, Equatable, CustomStringConvertible {
    /// `value` needs more than the field's `width` bits.
    case valueTooWide(field: String, value: UInt64, width: Int)

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case let .valueTooWide(field, value, width):
            "\(value) (0x\(String(value, radix: 16, uppercase: true))) does not fit in the \(width)-bit field \(field); "
                + "pass a value of at most \((UInt64.max >> UInt64(64 - width)))."
        }
    }
}
