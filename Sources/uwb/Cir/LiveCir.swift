import Foundation
import UWBCore
import UWBDevices
import UWBPlot

/// `uwb cir` on a live radio (a USB board or a device of the emulator service): chip 0 listens to
/// every frame, and the response of the `frames`-th good one is read before it listens again. A
/// real radio knows no truth, so the document has none.
struct LiveCir {
    /// The radio.
    let choice: DeviceChoice
    /// Which good frame's response to read: 1 for the first.
    let frames: Int
    /// How long to wait for it, on the radio's clock.
    let timeout: Duration
    /// The accumulator to read.
    let accumulator: CirAccumulatorChoice
    /// The taps to give.
    let samples: CirSampleChoice

    /// How often the main thread looks whether Ctrl-C came while it waits.
    private static let interruptionCheck = DispatchTimeInterval.milliseconds(50)

    /// Opens the radio, listens and reads the response.
    ///
    /// - Throws: `CommandFailure` when the radio cannot be opened or is lost, the frame does not
    ///   come within the timeout, the read is refused, or Ctrl-C came first.
    func read() throws -> CIRDocument {
        let interruption = Interruption()
        let radio: ThreadedRadio
        do {
            radio = try choice.open()
        } catch {
            throw CommandFailure(error.description)
        }
        let listener = CirListener(frames: frames, accumulator: accumulator.accumulator, samples: samples.requested)
        let timeout = timeout
        radio.post { listener.start(on: radio, timeout: timeout) }
        while listener.finished.wait(timeout: .now() + Self.interruptionCheck) == .timedOut {
            if interruption.wasInterrupted {
                listener.finish(.interrupted)
            }
        }
        radio.stop()
        let source = "\(radio.name) chip 0"
        switch listener.outcome ?? .interrupted {
        case .read(let response):
            return CIRDocument(try samples.trimmed(response), device: radio.name, chip: 0, truth: nil)
        case .readFailed(let error):
            throw CirReadFailure.failure(
                error, source: source, accumulator: accumulator, noReception: "let it receive a frame first")
        case .timedOut(let waited, let heard, let failures):
            let failed = failures.total == 0 ? "" : " and \(failures.total) failed reception\(failures.total == 1 ? "" : "s")"
            throw CommandFailure(
                "--timeout \(JSONNumberText.text(waited.secondsValue)) s passed on the radio's clock, and \(source) heard \(heard) "
                    + "good frame\(heard == 1 ? "" : "s")\(failed) of the \(frames) asked for (--frames); make sure something "
                    + "transmits on the radio's channel and preamble code, or wait longer (--timeout)")
        case .radioLost(let reason):
            throw CommandFailure("\(source) was lost: \(reason)")
        case .interrupted:
            throw CommandFailure("interrupted before \(source) received the frame asked for")
        }
    }
}
