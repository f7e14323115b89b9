import Foundation
import UWBCore

/// One demo update as one line of JSON (fields: Docs/demo-output.md).
///
/// Keys come in a fixed order: `t`, `device`, `peer`, `state`, `reason`, `distance`, `direction`,
/// `horizontal_angle`, `true_distance`. Unknown and non-finite values are `null`; a direction with a
/// non-finite component is `null` as a whole.
enum DemoJSONLine {
    /// The JSON object for `reading`, without a newline.
    static func line(for reading: DemoReading) -> String {
        JSONText.object([
            ("t", JSONText.number(reading.time.secondsValue, decimals: 6)),
            ("device", JSONText.string(reading.device)),
            ("peer", JSONText.string(reading.peer)),
            ("state", JSONText.string(reading.state.name)),
            ("reason", reading.state.reason.map(JSONText.string) ?? "null"),
            ("distance", JSONText.number(reading.distance?.metres, decimals: 4)),
            ("direction", JSONText.vector(reading.direction)),
            ("horizontal_angle", JSONText.number(reading.horizontalAngle?.radians, decimals: 5)),
            ("true_distance", JSONText.number(reading.trueDistance?.metres, decimals: 4)),
        ])
    }
}
