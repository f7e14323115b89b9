import ChipDrivers
import Foundation
import Logging
import Synchronization
import UWBCore

/// A board whose radio loop is a thread of its own: for boards behind a USB bridge, where nothing
/// raises the interrupt for us and every register transaction blocks on the bus, and for devices
/// of the emulator service.
///
/// The thread brings nothing up (the initializer does, on the caller's thread, before the bus
/// moves to the loop); then it repeats: run the work posted from other threads (and, on virtual
/// time, the app's reactions to what the loop delivered), run the timers that are due, wait on
/// its clock (``LoopClock``) until an interrupt line, the next timer or posted work, and hand
/// on the events of every chip whose line is asserted. On a USB board the clock is the wall clock
/// and the wait polls chip 0's line (``PolledInterrupts``); on the emulator service it is the
/// world's virtual time, shared in turns (``ServiceTurns``). A bus error that means the board is
/// gone is reported once to the handler and ends the waiting; posted work still runs.
///
/// `@unchecked Sendable`: the bus, drivers, timers and handler are used only on the loop thread
/// (or, before it starts, by the initializer); posted work goes through the ``LoopInbox``, and
/// the stop flag is atomic.
public final class ThreadedRadio: RadioHost, MeasurementReporting, @unchecked Sendable {
    /// For example `usb:FT12345`.
    public let name: String
    /// The board, with the calibration it was brought up with.
    public let board: BoardDescription
    /// Where the board's calibration came from.
    public let calibration: BringUpCalibration
    /// The configuration the chips run.
    public let configuration: RadioConfig
    /// What kind of loop this is.
    public let kind: RadioKind
    /// The drivers of the board's chips (``BoardDrivers``). Loop only.
    public let transceivers: [any Transceiver]

    /// The loop thread's name: Linux keeps at most 15 octets of a thread's name.
    public static let threadName = "uwb radio"

    /// Where the radio logs, with the `device` and `board` metadata keys set (``DevicesLogging``).
    let logger: Logger
    /// Whether ``logger`` was at `trace` when the radio was made: then every radio event is logged.
    /// Asked once, so that a radio that does not trace pays one test of a stored flag per event.
    private let tracesEvents: Bool
    private let clock: any LoopClock
    /// The bus, let go of (``SPIBus/release()``) once the loop has ended. Loop only until then.
    private let bus: any SPIBus
    /// The bus again when it is the emulator service's, which takes measurement reports. Loop only.
    private let serviceBus: EmulatorSocketBus?
    private let inbox = LoopInbox()
    private let stopping = Atomic<Bool>(false)
    /// Signalled when the thread has ended.
    private let ended = DispatchSemaphore(value: 0)

    // Loop only.
    private var timers: [LoopTimer] = []
    private var timerSequence = 0
    private weak var handler: (any RadioEventHandler)?
    private var lost = false

    /// Brings up and configures `board`'s chips on `bus` (on this thread), calibrated by the entry
    /// for `name` in `calibrationStore` if there is one, then starts the loop on the wall clock,
    /// polling chip 0's interrupt line.
    ///
    /// - Parameters:
    ///   - pollInterval: the longest the loop waits on the interrupt line before it looks at posted
    ///     work and timers again: the delay an app's call may see. Default 1 ms.
    ///   - calibrationStore: the calibration store whose entry for `name` replaces the board
    ///     description's calibration (``BringUpCalibration``); nil for none.
    ///   - logger: where the radio logs (``DevicesLogging``); it adds the `device` and `board`
    ///     metadata keys, and its chips' drivers log to it too.
    /// - Throws: ``DeviceChoiceError/bringUpFailed(_:reason:)`` if the driver cannot bring up or
    ///   configure a chip.
    public convenience init(
        name: String, board: BoardDescription, bus: some SPIBus, configuration: RadioConfig = .ranging,
        kind: RadioKind, pollInterval: Duration = .milliseconds(1), calibrationStore: String? = nil,
        logger: Logger = DevicesLogging.logger()
    ) throws(DeviceChoiceError) {
        try self.init(
            name: name, board: board, bus: bus, configuration: configuration, kind: kind,
            clock: PolledInterrupts(pollInterval: pollInterval), calibrationStore: calibrationStore, logger: logger)
    }

    /// Brings up and configures `board`'s chips on `bus` (on this thread), calibrated by the entry
    /// for `name` in `calibrationStore` if there is one, then starts the loop on `clock`.
    ///
    /// - Throws: ``DeviceChoiceError/bringUpFailed(_:reason:)`` if the driver cannot bring up or
    ///   configure a chip.
    init(
        name: String, board: BoardDescription, bus: some SPIBus, configuration: RadioConfig = .ranging,
        kind: RadioKind, clock: any LoopClock, calibrationStore: String? = nil, logger: Logger = DevicesLogging.logger()
    ) throws(DeviceChoiceError) {
        var logger = logger
        logger[metadataKey: LogMetadataKey.device] = "\(name)"
        logger[metadataKey: LogMetadataKey.board] = "\(board.id)"
        self.logger = logger
        tracesEvents = logger.logLevel == .trace
        let (board, calibration) = BringUpCalibration.calibrate(board, key: name, storePath: calibrationStore)
        calibration.log(to: logger)
        self.name = name
        self.board = board
        self.calibration = calibration
        self.configuration = configuration
        self.kind = kind
        self.clock = clock
        self.bus = bus
        serviceBus = bus as? EmulatorSocketBus
        do {
            transceivers = try BoardDrivers.bringUp(board, bus: bus, configuration: configuration, logger: logger)
        } catch {
            logger.warning("radio bring-up failed", metadata: [LogMetadataKey.error: "\(error)"])
            throw .bringUpFailed(name, reason: "\(error)")
        }
        logger.info("radio up", metadata: ["kind": "\(kind)", "chips": "\(transceivers.count)"])
        inbox.onPost { [clock] in clock.wake() }
        let ended = ended
        let thread = Thread { [weak self, clock] in
            // Named from inside: on Linux a name set before the start does not reach the thread.
            Thread.current.name = Self.threadName
            // The loop holds the radio only between waits, so that a radio nobody holds any more
            // ends (its deinit abandons the wait) instead of living on in a blocked wait.
            while let wait = self?.work() {
                let outcome = Result { () throws(LoopWaitFailure) in try clock.wait(until: wait.deadline, on: wait.transceivers) }
                guard let radio = self else { break }
                radio.handle(outcome)
            }
            ended.signal()
        }
        thread.start()
    }

    /// Stops the loop, waits for its thread to end (so never call it from the loop itself) and
    /// lets go of the bus: a device of the emulator service is free for the next app at once.
    /// Work posted afterwards never runs.
    public func stop() {
        stopping.store(true, ordering: .relaxed)
        clock.abandon()
        inbox.post {}
        ended.wait()
        ended.signal()
        bus.release()
    }

    deinit {
        stopping.store(true, ordering: .relaxed)
        clock.abandon()
        inbox.post {}
    }

    /// The loop's clock: the wall clock since the radio was made, or the emulator service's
    /// virtual time. Loop only.
    public var now: Duration { clock.now }

    /// Runs `action` on the loop after `delay` on its clock. Loop only.
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) {
        timerSequence += 1
        let timer = LoopTimer(due: now + max(delay, .zero), sequence: timerSequence, action: action)
        let index = timers.firstIndex { ($0.due, $0.sequence) > (timer.due, timer.sequence) } ?? timers.endIndex
        timers.insert(timer, at: index)
    }

    /// Hands `action` to the loop: at once on the emulator service, within about one poll
    /// interval on a USB board. Any thread.
    public func post(_ action: @escaping @Sendable () -> Void) {
        inbox.post(action)
    }

    /// Runs `work` on `queue`: on the emulator service's virtual time as a reaction the loop
    /// waits for before it hands its turn back; on the wall clock at once. Loop only.
    public func deliver(on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void) {
        if clock.isVirtual {
            inbox.deliver(on: queue, work)
        } else {
            queue.async(execute: work)
        }
    }

    /// Passes `measurement` on to the emulator service, on a device of the service (REPORT, during
    /// the turn: its observers see it beside the true distance); a USB board has nowhere to send
    /// it. Loop only.
    public func report(_ measurement: ReportedMeasurement) {
        serviceBus?.report(.report(measurement))
    }

    /// Passes `position` on to the emulator service, on a device of the service (REPORT POSITION,
    /// during the turn: its observers see it beside the true position); a USB board has nowhere to
    /// send it. Loop only.
    public func report(_ position: ReportedPosition) {
        serviceBus?.report(.position(position))
    }

    /// Sends events and failures to `handler`. Loop only.
    public func attach(_ handler: any RadioEventHandler) {
        self.handler = handler
    }

    /// What the loop waits for next.
    private struct Wait {
        let deadline: Duration?
        let transceivers: [any Transceiver]
    }

    /// Runs posted work, reactions and due timers until none is left, then says what to wait for;
    /// nil once stopped.
    private func work() -> Wait? {
        while !stopping.load(ordering: .relaxed) {
            while inbox.hasWork {
                inbox.runReactions()
                for action in inbox.take() {
                    action()
                }
            }
            if let timer = timers.first, timer.due <= now {
                timers.removeFirst()
                timer.action()
                continue
            }
            guard lost else { return Wait(deadline: timers.first?.due, transceivers: transceivers) }
            let pause = timers.first.map { max($0.due - now, .zero) } ?? .seconds(1)
            inbox.waitForWork(until: Date(timeIntervalSinceNow: min(pause, .seconds(1)).secondsValue))
        }
        return nil
    }

    /// Hands on the events of the chips whose lines are asserted, or reports why they could not be read.
    private func handle(_ outcome: Result<[Int], LoopWaitFailure>) {
        switch outcome {
        case .failure(let failure):
            report(failure.error, onChip: failure.chip)
        case .success(let asserted):
            for index in asserted where !lost {
                do {
                    for event in try transceivers[index].handleInterrupt() {
                        if tracesEvents {
                            logger.trace("radio event: \(event)", metadata: ["chip.index": "\(index)"])
                        }
                        handler?.radio(event, fromChip: index)
                    }
                } catch {
                    report(error, onChip: index)
                }
            }
        }
    }

    private func report(_ error: TransceiverError, onChip chip: Int) {
        handler?.radio(failed: error, onChip: chip)
        if error.meansRadioLost {
            if !lost {
                logger.warning("radio lost", metadata: [LogMetadataKey.error: "\(error)", "chip.index": "\(chip)"])
            }
            lost = true
        } else {
            logger.debug("radio operation failed", metadata: [LogMetadataKey.error: "\(error)", "chip.index": "\(chip)"])
        }
    }
}
