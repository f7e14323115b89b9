import Foundation
import UWBEmulator
import UWBEmulatorService

/// One frame of `uwb emulator watch`'s view as plain text (no terminal control codes): a header
/// with the socket, the virtual time and the speed; one line per device (name, board, position in
/// metres with 2 decimals, and the app attached, "free" or "scripted"); one line per link (the
/// two names, the true distance in metres with 3 decimals, the distances the apps at its two ends
/// last measured of each other, the first's then the second's, "—" for none, the frames received
/// both ways, and the frames per second, "—" when unknown). Links with no frames yet are shown only while the room
/// has at most ``quietLinksShown`` pairs. Names are cut to ``DemoView/nameWidth`` characters and
/// shown with control characters replaced (``DemoText``).
enum WatchView {
    /// The most pairs for which links that carried no frame are still listed; beyond, only links
    /// with traffic are, so that a large room fits a screen.
    static let quietLinksShown = 15

    /// The width of the board column; longer ids are cut.
    private static let boardWidth = 22
    /// The width of the measured column: two distances and a slash.
    private static let measuredWidth = 18

    /// The frame for `snapshot` from the service at `socket`, with the links' `rates`
    /// (``LinkRates``), lines separated by "\n", no final newline.
    static func frame(of snapshot: EmulatorSnapshot, at socket: String, rates: [Double?]) -> String {
        var lines = [
            "uwb emulator watch  \(DemoText.printable(socket))",
            String(format: "t = %.3f s  ", snapshot.now.seconds) + speedText(snapshot.speed),
            "",
            name("device") + " " + DemoText.column("board", width: boardWidth) + " " + DemoText.column("position (m)", width: 22)
                + " app",
        ]
        for device in snapshot.devices {
            let position = device.position.metres
            lines.append(name(device.name) + " " + DemoText.column(DemoText.printable(device.board), width: boardWidth) + " "
                + DemoText.column(String(format: "%6.2f %6.2f %6.2f", position.x, position.y, position.z), width: 22) + " "
                + appText(device))
        }
        lines += ["", name("link") + "   " + name("") + DemoText.column("true (m)", width: 10, alignRight: true)
            + DemoText.column("measured (m)", width: measuredWidth, alignRight: true) + DemoText.column("frames", width: 10, alignRight: true) + DemoText.column("frames/s", width: 10, alignRight: true)]
        let showQuiet = snapshot.links.count <= quietLinksShown
        var shown = 0
        for (index, link) in snapshot.links.enumerated() where showQuiet || link.frames > 0 {
            let rate = rates.indices.contains(index) ? rates[index] : nil
            lines.append(name(snapshot.devices[link.first].name) + " ↔ " + name(snapshot.devices[link.second].name)
                + DemoText.column(String(format: "%.3f", link.trueDistance.metres), width: 10, alignRight: true)
                + DemoText.column(measuredText(link), width: measuredWidth, alignRight: true)
                + DemoText.column("\(link.frames)", width: 10, alignRight: true)
                + DemoText.column(rate.map { String(format: "%.1f", $0) } ?? "—", width: 10, alignRight: true))
            shown += 1
        }
        if shown == 0 {
            lines.append("  no frames exchanged yet")
        }
        return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    /// What the two ends measured of each other, "3.012 / 2.998", "—" for an end that reported
    /// nothing, "withheld" for one whose round's checks withheld the distance; "—" alone when neither did.
    private static func measuredText(_ link: SnapshotLink) -> String {
        guard !link.measurements.isEmpty else { return "—" }
        return [link.first, link.second].map { end in
            link.measurement(by: end).map { measured in measured.distance.map { String(format: "%.3f", $0.metres) } ?? "withheld" } ?? "—"
        }.joined(separator: " / ")
    }

    /// A name column: printable, cut and padded to ``DemoView/nameWidth``.
    private static func name(_ text: String) -> String {
        DemoText.column(DemoText.printable(text), width: DemoView.nameWidth)
    }

    /// "speed 1× real time", or "as fast as the apps keep up" for 0.
    private static func speedText(_ speed: Double) -> String {
        speed > 0 ? "speed " + String(format: "%g", speed) + "× real time" : "as fast as the apps keep up"
    }

    /// Who drives the device: its app ("pid 1234 (uwb)"), "free", or "scripted".
    private static func appText(_ device: SnapshotDevice) -> String {
        if let app = device.app { return DemoText.printable(app.label) }
        return device.isFree ? "free" : "scripted"
    }
}
