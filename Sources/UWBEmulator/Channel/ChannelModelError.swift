/// Why a channel-model parameter was rejected. Each message names the parameter and what would be accepted.
public enum ChannelModelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A parameter was NaN or infinite.
    case notFinite(parameter: String, value: Double)
    /// A parameter that must be zero or positive was negative.
    case negative(parameter: String, value: Double)
    /// A parameter that must be strictly positive was zero or negative.
    case notPositive(parameter: String, value: Double)
    /// A share that must lie in 0...1 was above 1.
    case aboveOne(parameter: String, value: Double)
    /// A value that must be at least 1 (a relative permittivity) was below 1.
    case belowOne(parameter: String, value: Double)
    /// An obstacle's `min` corner lies above its `max` corner on an axis.
    case invertedBox(obstacle: String, axis: String, minimum: Double, maximum: Double)

    /// What is wrong and how to fix it.
    public var description: String {
        switch self {
        case .notFinite(let parameter, let value):
            "\(parameter): \(value) is not a finite number; give a finite value"
        case .negative(let parameter, let value):
            "\(parameter): \(value) is negative; give zero or a positive value"
        case .notPositive(let parameter, let value):
            "\(parameter): \(value) must be greater than zero"
        case .aboveOne(let parameter, let value):
            "\(parameter): \(value) is a share above 1; give a value from 0 to 1"
        case .belowOne(let parameter, let value):
            "\(parameter): \(value) is below 1; a relative permittivity is 1 (air) or more"
        case .invertedBox(let obstacle, let axis, let minimum, let maximum):
            "obstacle \"\(obstacle)\": min.\(axis) = \(minimum) is greater than max.\(axis) = \(maximum); "
                + "swap the corners so that min ≤ max on every axis"
        }
    }

    /// `value` if it is finite, otherwise ``notFinite(parameter:value:)``.
    static func finite(_ value: Double, _ parameter: String) throws(ChannelModelError) -> Double {
        guard value.isFinite else { throw .notFinite(parameter: parameter, value: value) }
        return value
    }

    /// `value` if it is finite and not negative.
    static func nonNegative(_ value: Double, _ parameter: String) throws(ChannelModelError) -> Double {
        let checked = try finite(value, parameter)
        guard checked >= 0 else { throw .negative(parameter: parameter, value: value) }
        return checked
    }

    /// `value` if it is finite and greater than zero.
    static func positive(_ value: Double, _ parameter: String) throws(ChannelModelError) -> Double {
        let checked = try finite(value, parameter)
        guard checked > 0 else { throw .notPositive(parameter: parameter, value: value) }
        return checked
    }
}
