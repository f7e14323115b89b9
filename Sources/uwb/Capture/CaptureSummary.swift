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

    /// For example `capture: 10 frames written to out.pcapng; 2 failed receptions (frame-check 1,
    /// sfd-timeout 1), not written; stopped: --count 10 reached`.
    var text: String {
        let kinds = ReceiveFailure.allCases.filter { failures[$0] > 0 }.map { "\($0.traceWord) \(failures[$0])" }
        let failed = failures.total == 0 ? "no failed receptions"
            : "\(failures.total) failed reception\(failures.total == 1 ? "" : "s") (\(kinds.joined(separator: ", "))), "
                + (writesFailures ? "written as empty packets" : "not written")
        return "capture: \(frames) frame\(frames == 1 ? "" : "s") written to \(output); \(failed); stopped: \(stop)"
    }
}
