import UWBCore

/// Runs a ranging state machine on a device's transceivers: carries out its commands, feeds back
/// what the radio answered and the events it reports, and hands finished rounds and failures on.
///
/// The loop owns no thread and reads no clock but the radio's: whoever services the radio's
/// interrupt (the emulator's discrete-event loop, or a thread that waits on a USB board's IRQ)
/// calls ``handle(_:fromChip:)``, and timers come from the `schedule` function it is given.
/// Chips other than the first only receive: the loop keeps them listening so that their
/// receptions of the same frames (carrier phases for the direction) reach the state machine.
public final class StateMachineRunner {
    /// Schedules work after a delay on the loop's own thread or virtual time.
    public typealias Scheduler = (Duration, @escaping () -> Void) -> Void

    /// The state machine being run.
    public let machine: RangingStateMachine

    private let transceivers: [any Transceiver]
    private let schedule: Scheduler
    private let onCompleted: (CompletedRound) -> Void
    private let onFailure: (RangingFailure) -> Void
    private let onRadioError: (TransceiverError) -> Void
    private let onTransmitScheduled: (DeviceTime) -> Void
    private var timerGeneration = 0

    /// A loop for `machine` on `transceivers` (the first sends and receives; others only receive).
    ///
    /// `onTransmitScheduled` hears of every frame the radio accepted, with its TX timestamp: a
    /// scheduler sharing the radio must not touch it until the frame is out.
    public init(
        machine: RangingStateMachine, transceivers: [any Transceiver], schedule: @escaping Scheduler,
        onCompleted: @escaping (CompletedRound) -> Void, onFailure: @escaping (RangingFailure) -> Void,
        onRadioError: @escaping (TransceiverError) -> Void,
        onTransmitScheduled: @escaping (DeviceTime) -> Void = { _ in }
    ) {
        self.machine = machine
        self.transceivers = transceivers
        self.schedule = schedule
        self.onCompleted = onCompleted
        self.onFailure = onFailure
        self.onRadioError = onRadioError
        self.onTransmitScheduled = onTransmitScheduled
    }

    /// Starts the machine (a round for an initiator, listening for a responder) at the radio's
    /// current time, with the other chips listening.
    public func start() {
        for transceiver in transceivers.dropFirst() {
            perform { () throws(TransceiverError) in try transceiver.enableReceiver(.untilTurnedOff) }
        }
        perform { () throws(TransceiverError) in feed(.start(now: try primary.systemTime())) }
    }

    /// Passes an event of chip `chip` to the machine; a receive-only chip listens again.
    public func handle(_ event: TransceiverEvent, fromChip chip: Int) {
        feed(.event(event, chip: chip))
        if chip > 0, transceivers.indices.contains(chip) {
            perform { () throws(TransceiverError) in try transceivers[chip].enableReceiver(.untilTurnedOff) }
        }
    }

    private var primary: any Transceiver { transceivers[0] }

    private func feed(_ input: RangingInput) {
        for command in machine.handle(input) {
            execute(command)
        }
    }

    private func execute(_ command: RangingCommand) {
        switch command {
        case .transmit(let frame, let time, let window):
            let stamp: DeviceTime
            do {
                stamp = try primary.transmit(frame, at: time, awaiting: window)
            } catch {
                feed(.transmitFailed(error))
                return
            }
            onTransmitScheduled(stamp)
            feed(.transmitScheduled(stamp))
        case .listen(let window):
            perform { () throws(TransceiverError) in try primary.enableReceiver(window) }
        case .loadSecureTimestampSequence(frame: let index):
            perform { () throws(TransceiverError) in try transceivers.loadSecureTimestampSequence(frame: index) }
        case .turnOff:
            perform { () throws(TransceiverError) in try primary.turnOff() }
        case .startTimer(let delay):
            timerGeneration += 1
            let generation = timerGeneration
            schedule(delay) { [weak self] in
                guard let self, generation == self.timerGeneration else { return }
                self.perform { () throws(TransceiverError) in self.feed(.timerFired(now: try self.primary.systemTime())) }
            }
        case .completed(let round):
            onCompleted(round)
        case .failed(let failure):
            onFailure(failure)
        }
    }

    private func perform(_ body: () throws(TransceiverError) -> Void) {
        do {
            try body()
        } catch {
            onRadioError(error)
        }
    }
}
