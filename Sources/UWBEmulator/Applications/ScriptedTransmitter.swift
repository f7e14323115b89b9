import UWBCore

/// A scenario's scripted traffic: send a broadcast data frame every interval and listen the rest
/// of the time. Useful before any ranging exists, and as background traffic.
public final class ScriptedTransmitter: RadioEventHandler {
    /// How far ahead of the clock reading a frame is scheduled, beyond its preamble and SFD:
    /// 300 µs covers the transmitter's power-up with room for the host.
    public static let hostMargin = DeviceDuration(ticks: 300 * 63_898)

    /// Time between frames.
    public let interval: Duration
    /// When the first frame goes out, from the start of the run.
    public let start: Duration
    /// Payload octets per frame.
    public let payloadLength: Int
    /// The device's short address.
    public let address: UInt16
    /// The PAN all scripted frames use.
    public static let pan = PANIdentifier(rawValue: 0xDECA)

    /// The radio it sends on. `unowned`: the radio keeps its adopted handler, not the other way.
    private unowned let radio: EmulatedRadio
    private var sequenceNumber: UInt8 = 0

    /// A scripted sender on `radio`.
    public init(on radio: EmulatedRadio, interval: Duration, start: Duration, payloadLength: Int, address: UInt16) {
        self.radio = radio
        self.interval = interval
        self.start = start
        self.payloadLength = payloadLength
        self.address = address
    }

    /// Starts listening and schedules the first frame.
    public func radioStarted() {
        listen()
        radio.schedule(after: start) { [weak self] in
            self?.send()
        }
    }

    /// Listens again after every event: TX done, frame, error or timeout.
    public func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        guard chip == 0 else { return }
        listen()
    }

    private func send() {
        radio.schedule(after: interval) { [weak self] in
            self?.send()
        }
        let payload = (0..<payloadLength).map { UInt8(truncatingIfNeeded: $0) }
        do {
            let frame = try MACFrame(
                dataIn: Self.pan, from: .short(address), to: .broadcast, sequenceNumber: sequenceNumber, payload: payload)
                .encoded(includingFCS: false)
            sequenceNumber &+= 1
            try radio.primary.turnOff()
            let now = try radio.primary.systemTime()
            let ahead = try DeviceDuration(seconds: radio.configuration.synchronisationHeaderDuration.secondsValue)
                + Self.hostMargin
            try radio.primary.transmit(frame, at: now + ahead, awaiting: nil)
        } catch let error as TransceiverError {
            radio.record(error)
        } catch {
            radio.record(.hardwareFault("\(error)"))
        }
    }

    private func listen() {
        do {
            try radio.primary.enableReceiver(.untilTurnedOff)
        } catch {
            radio.record(error)
        }
    }
}
