/// Numbers written for error messages: whole numbers without a decimal point (`250`, not
/// `250.0`), others in Swift's shortest round-trip form (`0.1`).
public enum JSONNumberText {
    /// `value` as a person would write it in a JSON file.
    public static func text(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e18 {
            return String(Int64(value))
        }
        return String(value)
    }
}
