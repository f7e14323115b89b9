import UWBCore
import UWBEmulator
import UWBRanging

/// The smallest radio loop: runs a state machine's commands on an emulated device's primary
/// transceiver and feeds the results and the radio's events back, recording outcomes.
final class TestRadioLoop {
    private let radio: DeviceRadio
    private let machine: (RangingInput) -> [RangingCommand]
    private(set) var completed: [CompletedRound] = []
    private(set) var failures: [RangingFailure] = []
    private(set) var radioErrors: [TransceiverError] = []

    init(radio: DeviceRadio, machine: @escaping (RangingInput) -> [RangingCommand]) {
        self.radio = radio
        self.machine = machine
    }

    /// Reads the clock and feeds `.start`.
    func start() {
        do throws(TransceiverError) {
            feed(.start(now: try radio.primary.systemTime()))
        } catch {
            radioErrors.append(error)
        }
    }

    /// Feeds one input and carries out the commands it produces.
    func feed(_ input: RangingInput) {
        for command in machine(input) {
            execute(command)
        }
    }

    private func execute(_ command: RangingCommand) {
        do throws(TransceiverError) {
            switch command {
            case .transmit(let frame, let time, let window):
                let stamp: DeviceTime
                do throws(TransceiverError) {
                    stamp = try radio.primary.transmit(frame, at: time, awaiting: window)
                } catch {
                    feed(.transmitFailed(error))
                    return
                }
                feed(.transmitScheduled(stamp))
            case .listen(let window):
                try radio.primary.enableReceiver(window)
            case .turnOff:
                try radio.primary.turnOff()
            case .startTimer(let delay):
                radio.after(delay) { [self] in
                    do throws(TransceiverError) {
                        feed(.timerFired(now: try radio.primary.systemTime()))
                    } catch {
                        radioErrors.append(error)
                    }
                }
            case .completed(let round):
                completed.append(round)
            case .failed(let failure):
                failures.append(failure)
            }
        } catch {
            radioErrors.append(error)
        }
    }
}
