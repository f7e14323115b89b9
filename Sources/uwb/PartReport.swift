import Foundation
import UWBEmulator

/// What each part of a world split over several threads did (`--threads`), a line per part for
/// standard error: how even the split was and how long each thread waited for the others.
enum PartReport {
    /// One line per part, or none for a world of one part.
    static func lines(_ figures: [PartFigures]) -> [String] {
        guard figures.count > 1 else { return [] }
        return figures.map { part in
            "part \(part.part): \(part.devices) devices, \(part.events) events, \(part.crossings) frames sent to other parts, "
                + "\(part.windows) windows, \(String(format: "%.2f", part.blockedSeconds)) s waiting for the other parts"
        }
    }
}
