import UWBCore

/// The range a numeric scenario value must lie in, its unit, and why.
///
/// The limits themselves are the static members (see `ScenarioLimit+Values.swift`), each
/// documented in `Docs/scenarios.md`; an out-of-range value gives
/// ``ScenarioError/outOfRange(field:value:limit:)`` whose message states the limit and the reason.
public struct ScenarioLimit: Hashable, Sendable {
    /// The smallest value allowed (or, with ``excludesLowerBound``, the largest not allowed).
    public let lowerBound: Double
    /// The largest value allowed.
    public let upperBound: Double
    /// Whether the value must be strictly greater than ``lowerBound`` (durations, speeds).
    public let excludesLowerBound: Bool
    /// The unit the JSON value is in, for example `ppm`; empty for plain numbers.
    public let unit: String
    /// Why the limit is what it is, shown after the problem.
    public let reason: String

    /// A limit from `lowerBound` to `upperBound`.
    public init(_ lowerBound: Double, _ upperBound: Double, excludingLowerBound: Bool = false, unit: String, reason: String) {
        self.lowerBound = lowerBound
        self.upperBound = upperBound
        self.excludesLowerBound = excludingLowerBound
        self.unit = unit
        self.reason = reason
    }

    /// Whether `value` is allowed.
    public func contains(_ value: Double) -> Bool {
        let aboveLower = excludesLowerBound ? value > lowerBound : value >= lowerBound
        return aboveLower && value <= upperBound
    }

    /// What is wrong with `value`, for example `250 ppm is outside ±100 ppm; a DW1000 crystal …`.
    public func problem(with value: Double) -> String {
        let verdict: String
        if !excludesLowerBound, lowerBound == -upperBound {
            verdict = "is outside ±\(quantity(upperBound))"
        } else if value > upperBound {
            verdict = "is above the maximum of \(quantity(upperBound))"
        } else if excludesLowerBound {
            verdict = "must be more than \(quantity(lowerBound))"
        } else {
            verdict = "is below the minimum of \(quantity(lowerBound))"
        }
        return "\(quantity(value)) \(verdict); \(reason)"
    }

    private func quantity(_ value: Double) -> String {
        unit.isEmpty ? JSONNumberText.text(value) : "\(JSONNumberText.text(value)) \(unit)"
    }
}
