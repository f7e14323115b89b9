import EmulatorHarness
import Foundation
import UWBCore
import UWBPositioning

/// Formats position records as JSON lines or a table (field names: Docs/positioning.md).
struct PositionOutput {
    let format: LocateCommand.Format

    /// The column titles of the table format.
    static let tableHeader = "     t  tag        method          x        y        z     σ1     σ2 quality         error  tracked"

    /// One record as one line.
    func line(for record: PositionRecord) -> String {
        switch format {
        case .jsonl: json(record)
        case .table: row(record)
        }
    }

    /// A short name for why there is no fix, for the summary.
    static func reason(_ error: PositioningError) -> String {
        switch error {
        case .duplicateAnchor: "duplicate-anchor"
        case .unsurveyedAnchor: "unsurveyed-anchor"
        case .unknownAnchor: "unknown-anchor"
        case .invalidMeasurement: "invalid-measurement"
        case .tooFewMeasurements: "too-few-measurements"
        case .ambiguousGeometry: "ambiguous-geometry"
        case .invalidSiteOrigin: "invalid-site-origin"
        case .noConvergence: "no-convergence"
        case .inconsistentMeasurements: "inconsistent-measurements"
        }
    }

    private func json(_ record: PositionRecord) -> String {
        var fields: [(String, String)] = [
            ("t", number(record.time.seconds, 6)),
            ("device", JSONText.string(record.device)),
            ("method", JSONText.string(record.method.rawValue)),
        ]
        switch record.result {
        case .success(let fix):
            fields += [
                ("position_m", JSONText.vector(fix.position.metres)),
                ("covariance_m2", "[" + fix.covariance.map { number($0, 8) }.joined(separator: ",") + "]"),
                ("dimensions", fix.covariance.count == 9 ? "3" : "2"),
                ("quality", JSONText.string(quality(fix.quality))),
                ("normalised_residual", normalisedResidual(fix.quality).map { number($0, 4) } ?? "null"),
                ("measurements", String(fix.used.count)),
                ("rejected", "[" + fix.rejected.map { JSONText.string($0.anchors[0]) }.joined(separator: ",") + "]"),
                ("residuals_m", "[" + zip(fix.used, fix.residuals).map { measurement, residual in
                    "[" + JSONText.string(measurement.anchors[0]) + "," + number(residual.metres, 4) + "]"
                }.joined(separator: ",") + "]"),
                ("geodetic", record.geodetic.map(geodetic) ?? "null"),
                ("error_m", record.error.map { number($0.metres, 4) } ?? "null"),
                ("tracked_position_m", JSONText.vector(record.tracked?.position.metres)),
                ("tracked_covariance_m2", record.tracked.map { "[" + $0.covariance.map { number($0, 8) }.joined(separator: ",") + "]" } ?? "null"),
                ("tracked_velocity_mps", JSONText.vector(record.tracked?.velocity.metresPerSecond)),
                ("tracked_error_m", record.trackedError.map { number($0.metres, 4) } ?? "null"),
                ("tracking", record.tracked.map { JSONText.string(Self.tracking($0.outcome)) } ?? "null"),
                ("no_fix", "null"),
            ]
        case .failure(let error):
            fields += [
                ("position_m", "null"), ("covariance_m2", "null"), ("dimensions", "null"), ("quality", "null"),
                ("normalised_residual", "null"), ("measurements", "null"), ("rejected", "null"), ("residuals_m", "null"), ("geodetic", "null"),
                ("error_m", "null"), ("tracked_position_m", "null"), ("tracked_covariance_m2", "null"),
                ("tracked_velocity_mps", "null"), ("tracked_error_m", "null"), ("tracking", "null"),
                ("no_fix", JSONText.object([("reason", JSONText.string(Self.reason(error))), ("message", JSONText.string(error.description))])),
            ]
        }
        fields.append(("true_position_m", JSONText.vector(record.truth?.metres)))
        return JSONText.object(fields)
    }

    private func row(_ record: PositionRecord) -> String {
        let head = [TableText.padded(number(record.time.seconds, 3), 6, right: true), TableText.padded(record.device, 10), TableText.padded(record.method.rawValue, 8)]
        switch record.result {
        case .success(let fix):
            let point = fix.position.metres
            let deviations = fix.standardDeviations
            return (head + [
                TableText.padded(number(point.x, 3), 8, right: true), TableText.padded(number(point.y, 3), 8, right: true),
                TableText.padded(number(point.z, 3), 8, right: true),
                TableText.padded(number(deviations[0].metres, 3), 6, right: true), TableText.padded(number(deviations[1].metres, 3), 6, right: true),
                TableText.padded(quality(fix.quality), 11), TableText.padded(record.error.map { number($0.metres, 3) + " m" } ?? "-", 9, right: true),
                TableText.padded(record.trackedError.map { number($0.metres, 3) + " m" } ?? "-", 8, right: true),
            ]).joined(separator: " ")
        case .failure(let error):
            return (head + ["no fix: " + error.description]).joined(separator: " ")
        }
    }

    private func quality(_ quality: PositionFix.Quality) -> String {
        switch quality {
        case .consistent: "consistent"
        case .unverified: "unverified"
        }
    }

    /// What the tracker did with the fix: `"started"`, `"updated"`, or `"gated"` (left out as an outlier).
    private static func tracking(_ outcome: TrackedPosition.Outcome) -> String {
        switch outcome {
        case .started: "started"
        case .updated: "updated"
        case .gated: "gated"
        }
    }

    private func normalisedResidual(_ quality: PositionFix.Quality) -> Double? {
        if case .consistent(let residual) = quality { residual } else { nil }
    }

    private func geodetic(_ position: GeodeticPosition) -> String {
        JSONText.object([
            ("latitude_deg", number(position.latitude.degrees, 9)), ("longitude_deg", number(position.longitude.degrees, 9)),
            ("altitude_m", number(position.altitude.metres, 4)),
        ])
    }

    private func number(_ value: Double, _ decimals: Int) -> String {
        JSONText.number(value, decimals: decimals)
    }
}
