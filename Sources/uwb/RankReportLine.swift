import Foundation

/// What one rank of an MPI job did (Docs/mpi.md), a line for standard error: how even the split was
/// and how long the rank waited for the others' promises.
enum RankReportLine {
    /// The line of rank `rank`.
    static func text(rank: Int, devices: Int, events: Int, crossings: Int, blockedSeconds: Double) -> String {
        "rank \(rank): \(devices) devices, \(events) events, \(crossings) frames sent to other ranks, "
            + "\(String(format: "%.2f", blockedSeconds)) s waiting for the other ranks"
    }
}
