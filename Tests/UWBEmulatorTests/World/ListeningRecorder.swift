import UWBCore
@testable import UWBEmulator

/// An application that turns its receiver on when the run starts and records, with the virtual
/// time, every event and every error its radio loop hands it.
final class ListeningRecorder: DeviceApplication {
    private(set) var events: [(time: SimulationTime, chip: Int, event: TransceiverEvent)] = []
    private(set) var errors: [(time: SimulationTime, chip: Int, error: TransceiverError)] = []
    /// The error `start` met turning the receiver on, if any.
    private(set) var startError: TransceiverError?
    private let simulator: Simulator

    /// A recorder stamping with `simulator`'s time.
    init(simulator: Simulator) {
        self.simulator = simulator
    }

    func start(on radio: DeviceRadio) {
        do {
            try radio.primary.enableReceiver(.untilTurnedOff)
        } catch {
            startError = error
        }
    }

    func handle(_ event: TransceiverEvent, fromChip chip: Int, on radio: DeviceRadio) {
        events.append((simulator.now, chip, event))
    }

    func handle(_ error: TransceiverError, fromChip chip: Int, on radio: DeviceRadio) {
        errors.append((simulator.now, chip, error))
    }
}
