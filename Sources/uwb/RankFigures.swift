import Foundation
import UWBEmulator

/// What one rank of an MPI job did over a run (Docs/mpi.md), for a line on standard error: how even the
/// split was and how long the rank waited for the others' promises.
struct RankFigures: Codable {
    /// How many devices the rank ran.
    let devices: Int
    /// How many events it ran.
    let events: Int
    /// How many frames it sent to other ranks.
    let crossings: Int
    /// How long it waited for the others, in seconds of wall time.
    let blockedSeconds: Double

    /// The figures of `emulation`'s part `part`, the one this rank ran.
    init(_ emulation: Emulation, part: Int) {
        let figures = emulation.partFigures[part]
        devices = figures.devices
        events = figures.events
        crossings = figures.crossings
        blockedSeconds = figures.blockedSeconds
    }

    /// The line for rank `rank`.
    func line(rank: Int) -> String {
        "rank \(rank): \(devices) devices, \(events) events, \(crossings) frames sent to other ranks, "
            + "\(String(format: "%.2f", blockedSeconds)) s waiting for the other ranks"
    }
}
