/// What is wrong with an error about a field of a JSON document (a board description's or a
/// scenario's), as the tests of both expect it: it names `expectedField`, its message starts with
/// that field's path, and it contains `fragment` (unless empty).
public enum FieldErrorCheck {
    /// The problems of an error whose `field` and `description` are given; none if it is as expected.
    public static func problems(field: String?, description: String, expectedField: String?, fragment: String) -> [String] {
        var problems: [String] = []
        if field != expectedField {
            problems.append("the error names field \(field ?? "nil"), not \(expectedField ?? "nil"): \(description)")
        }
        if let expectedField, !description.hasPrefix("\(expectedField): ") {
            problems.append("the message does not start with \"\(expectedField): \": \(description)")
        }
        if !fragment.isEmpty, !description.contains(fragment) {
            problems.append("the message does not contain \"\(fragment)\": \(description)")
        }
        return problems
    }
}
