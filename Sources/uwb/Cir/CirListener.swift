import Dispatch
import Synchronization
import UWBCore
import UWBDevices

/// On a radio's loop: chip 0 receives every frame (``ReceiveEverything``) and, right after the
/// `frames`-th good one, before it listens again, its channel impulse response is read; or
/// `timeout` passes on the radio's clock first.
///
/// `@unchecked Sendable`: created on the main thread, then used only on the radio's loop; the
/// outcome crosses threads under a mutex and the main thread waits on ``finished``.
final class CirListener: @unchecked Sendable {
    private let frames: Int
    private let accumulator: ImpulseResponseAccumulator
    private let samples: Range<Int>?
    private let result = Mutex<CirListenOutcome?>(nil)
    /// Signalled once, when the first outcome comes.
    let finished = DispatchSemaphore(value: 0)
    /// The handler keeping the radio listening; held here because the radio holds it weakly. Loop only.
    private var handler: ReceiveEverything?

    /// A listener that reads `samples` of `accumulator` (`nil`: all of them) after the `frames`-th frame.
    init(frames: Int, accumulator: ImpulseResponseAccumulator, samples: Range<Int>?) {
        self.frames = frames
        self.accumulator = accumulator
        self.samples = samples
    }

    /// How it ended, once it has.
    var outcome: CirListenOutcome? { result.withLock { $0 } }

    /// Starts listening on `radio` and gives up after `timeout` on its clock. Loop only.
    func start(on radio: any RadioHost, timeout: Duration) {
        let handler = ReceiveEverything(radio: radio) { [weak self] heard in self?.handle(heard, on: radio) }
        self.handler = handler
        handler.start()
        radio.schedule(after: timeout) { [weak self] in
            guard let self else { return }
            self.finish(.timedOut(timeout, frames: handler.frames, failures: handler.failures))
        }
    }

    /// Keeps the first outcome and wakes whoever waits. Any thread.
    func finish(_ outcome: CirListenOutcome) {
        let first = result.withLock { current in
            guard current == nil else { return false }
            current = outcome
            return true
        }
        if first {
            finished.signal()
        }
    }

    /// Reads the response after the frame asked for. Loop only.
    private func handle(_ heard: ReceiveEverything.Heard, on radio: any RadioHost) {
        guard outcome == nil else { return }
        switch heard {
        case .frame:
            guard let handler, handler.frames >= frames else { return }
            guard let transceiver = radio.transceivers.first else {
                finish(.radioLost("the board has no chip to read"))
                return
            }
            do {
                finish(.read(try transceiver.readChannelImpulseResponse(accumulator, samples: samples)))
            } catch {
                finish(.readFailed(error))
            }
        case .failure:
            break
        case .radioLost(let error):
            finish(.radioLost(error.description))
        }
    }
}
