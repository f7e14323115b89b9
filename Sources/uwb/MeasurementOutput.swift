import EmulatorHarness
import Foundation
import UWBCore

/// Formats ranging records as JSON lines or a table (field names: Docs/ranging-output.md).
struct MeasurementOutput {
    let format: RangeCommand.Format

    /// The column titles of the table format.
    static let tableHeader = "     t  from       to          distance  true dist    h-angle  true h-ang  nlos   fom"

    /// One record as one line.
    func line(for record: RangingRecord) -> String {
        switch format {
        case .jsonl: json(record)
        case .table: row(record)
        }
    }

    private func json(_ record: RangingRecord) -> String {
        let measurement = record.measurement
        let fields: [(String, String)] = [
            ("t", number(record.time.seconds, 6)),
            ("from", JSONText.string(record.observer)),
            ("to", JSONText.string(record.peer)),
            ("distance_m", measurement.distance.map { number($0.metres, 4) } ?? "null"),
            ("raw_distance_m", measurement.rawDistance.map { number($0.metres, 4) } ?? "null"),
            ("direction", JSONText.vector(measurement.direction)),
            ("horizontal_angle_rad", measurement.horizontalAngle.map { number($0.radians, 5) } ?? "null"),
            ("nlos", number(measurement.nlosLikelihood, 3)),
            ("fom", number(measurement.figureOfMerit, 3)),
            ("rx_level_dbm", measurement.receivedLevel.map { number($0.dBm, 2) } ?? "null"),
            ("first_path_level_dbm", measurement.firstPathLevel.map { number($0.dBm, 2) } ?? "null"),
            ("first_path_index", measurement.firstPathIndex.map { number($0, 4) } ?? "null"),
            ("preamble_symbols", measurement.preambleSymbolsAccumulated.map { String($0) } ?? "null"),
            ("true_distance_m", record.truth.map { number($0.distance.metres, 4) } ?? "null"),
            ("true_direction", JSONText.vector(record.truth?.direction)),
        ]
        return JSONText.object(fields)
    }

    private func row(_ record: RangingRecord) -> String {
        let measurement = record.measurement
        let trueAngle = record.truth.map { Angle(radians: atan2($0.direction.x, -$0.direction.z)) }
        return [
            TableText.padded(number(record.time.seconds, 3), 6, right: true),
            TableText.padded(record.observer, 10),
            TableText.padded(record.peer, 10),
            TableText.padded(measurement.distance.map { number($0.metres, 3) + " m" } ?? "-", 10, right: true),
            TableText.padded(record.truth.map { number($0.distance.metres, 3) + " m" } ?? "-", 10, right: true),
            TableText.padded(measurement.horizontalAngle.map { number($0.degrees, 1) + "°" } ?? "-", 10, right: true),
            TableText.padded(trueAngle.map { number($0.degrees, 1) + "°" } ?? "-", 11, right: true),
            TableText.padded(number(measurement.nlosLikelihood, 2), 5, right: true),
            TableText.padded(number(measurement.figureOfMerit, 2), 5, right: true),
        ].joined(separator: " ")
    }

    private func number(_ value: Double, _ decimals: Int) -> String {
        JSONText.number(value, decimals: decimals)
    }
}
