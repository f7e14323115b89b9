import UWBCore
@testable import UWBEmulator

/// Software that turns its radio's receiver on when the run starts and records, with the virtual
/// time, every event and every error its radio loop hands it.
final class ListeningRecorder: RadioEventHandler {
    private(set) var events: [(time: SimulationTime, chip: Int, event: TransceiverEvent)] = []
    private(set) var errors: [(time: SimulationTime, chip: Int, error: TransceiverError)] = []
    /// The error `start` met turning the receiver on, if any.
    private(set) var startError: TransceiverError?
    private unowned let radio: EmulatedRadio
    private let simulator: Simulator

    /// A recorder on `radio` stamping with `simulator`'s time.
    init(on radio: EmulatedRadio, simulator: Simulator) {
        self.radio = radio
        self.simulator = simulator
    }

    func radioStarted() {
        do {
            try radio.primary.enableReceiver(.untilTurnedOff)
        } catch {
            startError = error
        }
    }

    func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        events.append((simulator.now, chip, event))
    }

    func radio(failed error: TransceiverError, onChip chip: Int) {
        errors.append((simulator.now, chip, error))
    }
}
