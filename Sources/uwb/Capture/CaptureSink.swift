import Foundation
import Synchronization
import UWBCore
import UWBDevices
import UWBEmulator

/// Where a capture's frames go, on the radio's loop: each frame (and, if asked, each failed
/// reception) becomes one record of the pcapng trace, written and flushed at once so the file is
/// readable while the capture runs. The first reason to stop is kept, and nothing is written after it.
///
/// `@unchecked Sendable`: created on the main thread, then used only on the radio's loop until the
/// loop has ended (``ThreadedRadio/stop()`` waits for it); the stop reason crosses threads under a
/// mutex and the main thread waits on ``stopped``.
final class CaptureSink: @unchecked Sendable {
    private let writer: PcapngFileWriter
    private let receiver: String
    private let limit: Int?
    private let writesFailures: Bool
    private let writesToPipe: Bool
    private let stop = Mutex<CaptureStop?>(nil)
    /// Signalled once, when the first reason to stop comes.
    let stopped = DispatchSemaphore(value: 0)
    /// The handler keeping the radio listening; held here because the radio holds it weakly. Loop only.
    private(set) var handler: ReceiveEverything?
    /// Frames written. Loop only, until the loop has ended.
    private(set) var written = 0
    /// When the capture began listening, on the radio's clock. Loop only, until the loop has ended.
    private(set) var startTime: Duration?
    /// The last instant the capture saw, on the radio's clock: its last event, or the end of
    /// `--duration`. Loop only, until the loop has ended.
    private(set) var lastTime: Duration?

    /// A sink writing to `writer` what `receiver` hears, stopping after `limit` frames if given;
    /// `writesToPipe` when the writer's file is a pipe, whose reader may close it to stop the capture.
    init(writer: PcapngFileWriter, receiver: String, limit: Int?, writesFailures: Bool, writesToPipe: Bool) {
        self.writesToPipe = writesToPipe
        self.writer = writer
        self.receiver = receiver
        self.limit = limit
        self.writesFailures = writesFailures
    }

    /// The reason the capture stopped, once it has.
    var reason: CaptureStop? { stop.withLock { $0 } }

    /// Starts listening on `radio` and, with a `duration`, stops after it on the radio's clock. Loop only.
    func start(on radio: any RadioHost, duration: Duration?) {
        let handler = ReceiveEverything(radio: radio) { [weak self] heard in self?.handle(heard) }
        self.handler = handler
        startTime = radio.now
        lastTime = radio.now
        handler.start()
        if let duration {
            radio.schedule(after: duration) { [weak self] in
                self?.lastTime = radio.now
                self?.end(.durationPassed(duration))
            }
        }
    }

    /// Records the first reason to stop and wakes whoever waits. Any thread.
    func end(_ reason: CaptureStop) {
        let first = stop.withLock { current in
            guard current == nil else { return false }
            current = reason
            return true
        }
        if first {
            stopped.signal()
        }
    }

    /// Writes what the radio heard. Loop only.
    private func handle(_ heard: ReceiveEverything.Heard) {
        guard reason == nil else { return }
        switch heard {
        case .frame(let frame, let time):
            lastTime = time
            guard write(TraceRecord(captured: frame, by: receiver, at: time)) else { return }
            written += 1
            if let limit, written >= limit {
                end(.countReached(limit))
            }
        case .failure(let failure, let time):
            lastTime = time
            if writesFailures {
                write(TraceRecord(failure: failure, by: receiver, at: time))
            }
        case .radioLost(let error):
            end(.radioLost(error.description))
        }
    }

    /// Appends and flushes one record; a failure stops the capture. Returns whether it was written.
    @discardableResult
    private func write(_ record: TraceRecord) -> Bool {
        do {
            try writer.append(record)
            try writer.flush()
            return true
        } catch {
            end(writesToPipe ? .readerClosed : .writeFailed(error.description))
            return false
        }
    }
}
