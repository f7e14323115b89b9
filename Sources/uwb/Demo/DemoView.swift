import Foundation
import UWBCore

/// One frame of the demo's live view as plain text (no terminal control codes).
///
/// A frame is a header with the time, a line of column titles, then one block per device sorted by
/// name: the device's name, then one line per peer sorted by name with
///
/// - the peer's name, cut to ``nameWidth`` characters with "…";
/// - the measured distance in metres with 2 decimals, or "—";
/// - the true distance in metres with 2 decimals, blank when unknown;
/// - the ``DemoArrow`` towards the peer and its bearing in whole degrees with "L" or "R", "ahead" at
///   0°, "behind" at 180°, or "—" when unknown;
/// - while ranging, a ``DemoDistanceBar`` of the distance; otherwise the state, with its reason
///   (`waiting`, `removed: timeout`).
///
/// Lines have no trailing spaces and are cut to ``width`` characters. Columns stay aligned for
/// distances below 10 km. Names and reasons are shown with control characters replaced
/// (``DemoText/printable(_:)``).
enum DemoView {
    /// The widest a line may be, in characters.
    static let width = 80

    /// The width of the name columns; longer names are cut.
    static let nameWidth = 12

    /// The width of the distance columns.
    private static let distanceWidth = 9

    /// The width of the bearing text after the arrow.
    private static let bearingWidth = 6

    /// The frame for `readings` at virtual time `time`, lines separated by "\n", no final newline.
    ///
    /// When several readings share a device and a peer, the one with the latest time is shown (the
    /// later one in `readings` on a tie).
    static func frame(of readings: [DemoReading], at time: Duration) -> String {
        var latest: [String: [String: DemoReading]] = [:]
        for reading in readings {
            if let shown = latest[reading.device]?[reading.peer], shown.time > reading.time {
                continue
            }
            latest[reading.device, default: [:]][reading.peer] = reading
        }
        var lines = [header(at: time), columnTitles]
        if latest.isEmpty {
            lines.append("  no devices yet")
        }
        for (device, peers) in latest.sorted(by: { $0.key < $1.key }) {
            lines.append(DemoText.truncated(DemoText.printable(device), to: nameWidth))
            lines += peers.sorted(by: { $0.key < $1.key }).map { row(for: $0.value) }
        }
        return lines.map(fitted).joined(separator: "\n")
    }

    /// The first line: the program and the virtual time in seconds with 3 decimals.
    private static func header(at time: Duration) -> String {
        "uwb demo  t = \(String(format: "%.3f", time.secondsValue)) s"
    }

    /// The second line: a title over each column.
    private static var columnTitles: String {
        cells(
            name: "peer", distance: "distance", trueDistance: "true",
            arrow: "", bearing: "angle", last: "0–\(String(format: "%.0f", DemoDistanceBar.fullScale.metres)) m, or state"
        )
    }

    /// The line for one peer.
    private static func row(for reading: DemoReading) -> String {
        let azimuth = reading.azimuth
        let last = reading.state == .ranging ? DemoDistanceBar.bar(for: reading.distance) ?? "" : stateText(reading.state)
        return cells(
            name: DemoText.printable(reading.peer),
            distance: metres(reading.distance) ?? "—",
            trueDistance: metres(reading.trueDistance) ?? "",
            arrow: DemoArrow.glyph(forAzimuth: azimuth),
            bearing: bearing(azimuth),
            last: last
        )
    }

    /// The columns laid out at their widths.
    private static func cells(
        name: String, distance: String, trueDistance: String, arrow: String, bearing: String, last: String
    ) -> String {
        "  " + DemoText.column(name, width: nameWidth)
            + " " + DemoText.column(distance, width: distanceWidth, alignRight: true)
            + " " + DemoText.column(trueDistance, width: distanceWidth, alignRight: true)
            + "  " + DemoText.column(arrow, width: 1)
            + " " + DemoText.column(bearing, width: bearingWidth, alignRight: true)
            + "  " + last
    }

    /// A distance as "2.41 m", or nil when it is unknown or not finite.
    private static func metres(_ distance: Distance?) -> String? {
        guard let metres = distance?.metres, metres.isFinite else { return nil }
        return String(format: "%.2f m", metres)
    }

    /// A bearing as "31° R", "31° L", "ahead" or "behind" (after rounding to whole degrees), or "—".
    private static func bearing(_ azimuth: Angle?) -> String {
        guard let degrees = azimuth?.wrapped.degrees, degrees.isFinite else { return "—" }
        let rounded = Int(degrees.rounded())
        switch rounded {
        case 0: return "ahead"
        case 180, -180: return "behind"
        case 1...: return "\(rounded)° R"
        default: return "\(-rounded)° L"
        }
    }

    /// A state that is not `ranging`, with its reason when it has one.
    private static func stateText(_ state: DemoReading.State) -> String {
        guard let reason = state.reason, !reason.isEmpty else { return state.name }
        return "\(state.name): \(DemoText.printable(reason))"
    }

    /// A line without trailing spaces, cut to ``width``.
    private static func fitted(_ line: String) -> String {
        var trimmed = Substring(line)
        while trimmed.last == " " {
            trimmed.removeLast()
        }
        return DemoText.truncated(String(trimmed), to: width)
    }
}
