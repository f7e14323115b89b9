import DW1000
import Foundation
import UWBCore

/// A board whose radio loop is a thread of its own: for boards behind a USB bridge, where nothing
/// raises the interrupt for us and every register transaction blocks on the bus.
///
/// The thread brings nothing up (``init(name:board:bus:configuration:kind:pollInterval:)`` does,
/// on the caller's thread, before the bus moves to the loop); then it repeats: run the work posted
/// from other threads, run the timers that are due, and wait for chip 0's interrupt line until the
/// next timer or one poll interval has passed (the other chips' lines are checked without waiting),
/// reading and handing on the events of every chip whose line is asserted. A bus error that means
/// the board is gone is reported once to the handler and ends the polling; posted work still runs.
///
/// `@unchecked Sendable`: the bus, drivers, timers and handler are used only on the loop thread
/// (or, before it starts, by the initializer); the posted work and the stop flag are guarded by
/// `inbox`.
public final class ThreadedRadio: RadioHost, @unchecked Sendable {
    /// For example `usb:FT12345`.
    public let name: String
    /// The board.
    public let board: BoardDescription
    /// The configuration the chips run.
    public let configuration: RadioConfig
    /// What kind of loop this is.
    public let kind: RadioKind
    /// The DW1000 drivers of the board's chips. Loop only.
    public let transceivers: [any Transceiver]

    /// The loop thread's name: Linux keeps at most 15 octets of a thread's name.
    public static let threadName = "uwb radio"

    private let pollInterval: Duration
    private let started = ContinuousClock.now
    /// Guards ``posted`` and ``stopping`` and wakes a loop that has nothing to poll.
    private let inbox = NSCondition()
    private var posted: [@Sendable () -> Void] = []
    private var stopping = false
    /// Signalled when the thread has ended.
    private let ended = DispatchSemaphore(value: 0)

    // Loop only.
    private var timers: [RadioTimer] = []
    private var timerSequence = 0
    private weak var handler: (any RadioEventHandler)?
    private var lost = false

    /// Brings up and configures `board`'s chips on `bus` (on this thread), then starts the loop.
    ///
    /// - Parameter pollInterval: the longest the loop waits on the interrupt line before it looks
    ///   at posted work and timers again: the delay an app's call may see. Default 1 ms.
    /// - Throws: ``RadioChoiceError/bringUpFailed(_:reason:)`` if the driver cannot bring up or
    ///   configure a chip.
    public init(
        name: String, board: BoardDescription, bus: some SPIBus, configuration: RadioConfig = .ranging,
        kind: RadioKind, pollInterval: Duration = .milliseconds(1)
    ) throws(RadioChoiceError) {
        self.name = name
        self.board = board
        self.configuration = configuration
        self.kind = kind
        self.pollInterval = pollInterval
        do {
            let drivers = try DW1000Board(board, bus: bus).chips
            for driver in drivers {
                try driver.configure(configuration)
            }
            transceivers = drivers
        } catch {
            throw .bringUpFailed(name, reason: "\(error)")
        }
        let thread = Thread { [weak self] in
            // Named from inside: on Linux a name set before the start does not reach the thread.
            Thread.current.name = Self.threadName
            while let radio = self, radio.turn() {}
            self?.ended.signal()
        }
        thread.start()
    }

    /// Stops the loop and waits for its thread to end (so never call it from the loop itself).
    /// Work posted afterwards never runs.
    public func stop() {
        inbox.lock()
        stopping = true
        inbox.broadcast()
        inbox.unlock()
        ended.wait()
        ended.signal()
    }

    deinit {
        inbox.lock()
        stopping = true
        inbox.broadcast()
        inbox.unlock()
    }

    /// Time since the radio was made. Loop only.
    public var now: Duration { ContinuousClock.now - started }

    /// Runs `action` on the loop after `delay`. Loop only.
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) {
        timerSequence += 1
        let timer = RadioTimer(due: now + max(delay, .zero), sequence: timerSequence, action: action)
        let index = timers.firstIndex { ($0.due, $0.sequence) > (timer.due, timer.sequence) } ?? timers.endIndex
        timers.insert(timer, at: index)
    }

    /// Hands `action` to the loop, which runs it within about one poll interval. Any thread.
    public func post(_ action: @escaping @Sendable () -> Void) {
        inbox.lock()
        posted.append(action)
        inbox.broadcast()
        inbox.unlock()
    }

    /// Sends events and failures to `handler`. Loop only.
    public func attach(_ handler: any RadioEventHandler) {
        self.handler = handler
    }

    /// One turn of the loop; false once stopped.
    private func turn() -> Bool {
        inbox.lock()
        if lost, posted.isEmpty, !stopping {
            _ = inbox.wait(until: Date(timeIntervalSinceNow: (timers.first.map { $0.due - now } ?? .seconds(1)).secondsValue))
        }
        let work = posted
        posted.removeAll()
        let stop = stopping
        inbox.unlock()
        guard !stop else { return false }
        for action in work {
            action()
        }
        while let timer = timers.first, timer.due <= now {
            timers.removeFirst()
            timer.action()
        }
        guard !lost else { return true }
        let wait = min(pollInterval, max((timers.first?.due ?? now + pollInterval) - now, .zero))
        for (index, transceiver) in transceivers.enumerated() {
            do {
                let deadline = ContinuousClock.now + (index == 0 ? wait : .zero)
                guard try transceiver.waitForInterrupt(until: deadline) else { continue }
                for event in try transceiver.handleInterrupt() {
                    handler?.radio(event, fromChip: index)
                }
            } catch {
                handler?.radio(failed: error, onChip: index)
                if error.meansRadioLost {
                    lost = true
                    return true
                }
            }
        }
        return true
    }
}
