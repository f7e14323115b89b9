import UWBCore

/// A field of a scenario document, whose errors are ``ScenarioError``s.
typealias ScenarioField = JSONField<ScenarioError>

extension JSONField where Failure == ScenarioError {
    /// The value as a string with something in it.
    func text() throws(ScenarioError) -> String {
        let text = try string()
        guard !text.allSatisfy(\.isWhitespace) else { throw .emptyText(field: path) }
        return text
    }

    /// The value as a finite number within `limit`.
    func number(within limit: ScenarioLimit) throws(ScenarioError) -> Double {
        let value = try number()
        guard limit.contains(value) else { throw .outOfRange(field: path, value: value, limit: limit) }
        return value
    }

    /// The value as a whole number within `limit`.
    func integer(within limit: ScenarioLimit) throws(ScenarioError) -> Int {
        let value = try integer()
        guard limit.contains(Double(value)) else { throw .outOfRange(field: path, value: Double(value), limit: limit) }
        return value
    }

    /// The value as a number of seconds within `limit`.
    func seconds(within limit: ScenarioLimit) throws(ScenarioError) -> Duration {
        .seconds(try number(within: limit))
    }

    /// The value as a point `[x, y, z]` in world metres, each coordinate within
    /// ``ScenarioLimit/coordinate``.
    func worldPosition() throws(ScenarioError) -> Position {
        let point = try position()
        let coordinates = [point.metres.x, point.metres.y, point.metres.z]
        for (index, coordinate) in coordinates.enumerated() where !ScenarioLimit.coordinate.contains(coordinate) {
            throw .outOfRange(field: JSONPath.element(index, of: path), value: coordinate, limit: .coordinate)
        }
        return point
    }
}
