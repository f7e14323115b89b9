import Foundation
import UWBDevices
import UWBEmulator

/// One capture: opens the output and the radio, keeps the radio receiving everything and writing
/// it until `--count`, `--duration`, Ctrl-C or SIGTERM, then closes the file and says on standard
/// error what it wrote.
struct CaptureRun {
    /// The radio to capture with.
    let choice: DeviceChoice
    /// Where the trace goes.
    let output: CaptureOutput
    /// How long to capture on the radio's clock, if limited.
    let duration: Duration?
    /// How many frames to capture, if limited.
    let count: Int?
    /// Whether failed receptions are written as empty packets too.
    let writesFailures: Bool

    /// How often the main thread looks whether Ctrl-C came while it waits for the capture to end.
    private static let interruptionCheck = DispatchTimeInterval.milliseconds(50)

    /// Runs the capture.
    ///
    /// - Throws: `CommandFailure` when the output or the radio cannot be opened, the radio is lost
    ///   or the output cannot be written (the file then holds what was captured before).
    func run() throws {
        // A reader that goes away (a closed pipe) is a write error to report, not a signal that kills.
        signal(SIGPIPE, SIG_IGN)
        let interruption = Interruption()
        // The output first: a path that cannot be written is told before any radio is taken.
        let writer = try output.open(interfaceName: choice.description.isEmpty ? "usb" : choice.description)
        let radio: ThreadedRadio
        do {
            radio = try choice.open()
        } catch {
            try? writer.finish()
            output.removeUnused()
            throw CommandFailure(error.description)
        }
        let sink = CaptureSink(writer: writer, receiver: radio.name, limit: count, writesFailures: writesFailures,
            writesToPipe: output.isPipe)
        let duration = duration
        radio.post { sink.start(on: radio, duration: duration) }
        while sink.stopped.wait(timeout: .now() + Self.interruptionCheck) == .timedOut {
            if interruption.wasInterrupted {
                sink.end(.interrupted)
            }
        }
        radio.stop()
        let reason = sink.reason ?? .interrupted
        var finishFailure: String?
        do {
            try writer.finish()
        } catch {
            finishFailure = error.description
        }
        StandardError.line(CaptureSummary(
            frames: sink.written, failures: sink.handler?.failures ?? ReceiveFailureCounts(), writesFailures: writesFailures,
            output: output.isStandardOutput ? CaptureOutput.standardOutputName : output.path, stop: reason,
            span: sink.startTime.flatMap { start in sink.lastTime.map { start...max(start, $0) } }).text)
        if let finishFailure, reason != .readerClosed {
            throw CommandFailure(finishFailure)
        }
        guard reason.isClean else { throw CommandFailure(reason.description) }
    }
}
