import Foundation
import UWBCore
import UWBDevices
import UWBEmulator

/// What `uwb capture` says on standard error when it ends: frames written, failed receptions by
/// kind, and why it stopped.
struct CaptureSummary {
    /// Frames written.
    let frames: Int
    /// Failed receptions, by kind.
    let failures: ReceiveFailureCounts
    /// Whether the failures were written too.
    let writesFailures: Bool
    /// Where the trace went.
    let output: String
    /// Why the capture ended.
    let stop: CaptureStop
    /// When it began listening and the last instant it saw, on the radio's clock (none if it never
    /// began).
    let span: ClosedRange<Duration>?

    /// For example `capture: 10 frames written to out.pcapng from 0.012 s to 1.012 s on the radio's
    /// clock; 2 failed receptions (frame-check 1, sfd-timeout 1), not written; stopped: --count 10
    /// reached`. The times have nanoseconds, as the trace's.
    var text: String {
        let kinds = ReceiveFailure.allCases.filter { failures[$0] > 0 }.map { "\($0.traceWord) \(failures[$0])" }
        let failed = failures.total == 0 ? "no failed receptions"
            : "\(failures.total) failed reception\(failures.total == 1 ? "" : "s") (\(kinds.joined(separator: ", "))), "
                + (writesFailures ? "written as empty packets" : "not written")
        let clock = span.map { " from \(seconds($0.lowerBound)) s to \(seconds($0.upperBound)) s on the radio's clock" } ?? ""
        return "capture: \(frames) frame\(frames == 1 ? "" : "s") written to \(output)\(clock); \(failed); stopped: \(stop)"
    }

    /// `duration` in seconds with nine decimals.
    private func seconds(_ duration: Duration) -> String {
        String(format: "%.9f", duration.secondsValue)
    }
}
