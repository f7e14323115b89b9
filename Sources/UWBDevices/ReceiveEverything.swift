import DW1000Driver
import UWBCore

/// A ``RadioEventHandler`` that keeps chip 0 of a radio receiving every frame on the channel and
/// hands each frame, and each failed reception, on: the core of `uwb capture`.
///
/// ``start()`` turns chip 0's frame filter off and its receiver on (``DW1000/receiveEverything()``
/// on a DW1000, a receiver with no timeout on any other transceiver); after every frame, failure or
/// timeout it listens again at once. On the emulator service that is within the same turn, so at
/// the same virtual instant, and no frame is missed; on a USB board the receiver is off for the
/// few register transactions between a frame and the next enable (about a millisecond).
///
/// Loop only: create it anywhere, then ``start()`` it and let it handle events on the radio's loop.
public final class ReceiveEverything: RadioEventHandler {
    /// What the handler hands on, on the radio's loop.
    public enum Heard {
        /// A frame received intact, at `time` on the radio's clock.
        case frame(ReceivedFrame, time: Duration)
        /// A reception that failed, at `time` on the radio's clock.
        case failure(ReceiveFailure, time: Duration)
        /// The radio is gone or unusable; nothing more comes.
        case radioLost(TransceiverError)
    }

    private let radio: any RadioHost
    private let onHeard: (Heard) -> Void
    /// Frames received so far. Loop only.
    public private(set) var frames = 0
    /// Failed receptions so far, by kind. Loop only.
    public private(set) var failures = ReceiveFailureCounts()

    /// A handler for `radio` that calls `onHeard` with what chip 0 hears, on the radio's loop.
    public init(radio: any RadioHost, onHeard: @escaping (Heard) -> Void) {
        self.radio = radio
        self.onHeard = onHeard
    }

    /// Attaches to the radio and starts listening. Loop only.
    public func start() {
        radio.attach(self)
        listen()
    }

    /// Hands on a frame or failure of chip 0 and listens again; other events and chips are ignored.
    public func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        guard chip == 0 else { return }
        switch event {
        case .frameReceived(let frame):
            frames += 1
            onHeard(.frame(frame, time: radio.now))
        case .receiveFailed(let failure):
            failures.add(failure)
            onHeard(.failure(failure, time: radio.now))
        case .receiveTimeout:
            break
        case .transmitted:
            return
        }
        listen()
    }

    /// Reports a radio that is gone; after a passing error chip 0 listens again.
    public func radio(failed error: TransceiverError, onChip chip: Int) {
        guard error.meansRadioLost else {
            if chip == 0 { listen() }
            return
        }
        onHeard(.radioLost(error))
    }

    /// Turns chip 0's receiver on for everything.
    private func listen() {
        guard let transceiver = radio.transceivers.first else {
            onHeard(.radioLost(.hardwareFault("the board has no chip to listen with")))
            return
        }
        do {
            if let chip = transceiver as? DW1000 {
                try chip.receiveEverything()
            } else {
                try transceiver.enableReceiver(.untilTurnedOff)
            }
        } catch {
            onHeard(.radioLost(error))
        }
    }
}
