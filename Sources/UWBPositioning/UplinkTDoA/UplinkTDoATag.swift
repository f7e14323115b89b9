import UWBCore

/// A UL-TDoA tag on any radio: it blinks every ``interval`` from ``firstBlink`` and does nothing else,
/// so it can sleep between blinks; the anchors that hear it do the rest.
///
/// Attach it to the radio's loop (``UWBCore/RadioHost/attach(_:)``) and keep it; it starts with
/// ``UWBCore/RadioEventHandler/radioStarted()`` or ``start()``.
public final class UplinkTDoATag: RadioEventHandler {
    /// The network (PAN) of its blinks.
    public let network: PANIdentifier
    /// Its short address.
    public let address: UInt16
    /// The time between blinks.
    public let interval: Duration
    /// When the first blink goes out, from the start.
    public let firstBlink: Duration
    /// Blinks sent.
    public private(set) var blinks = 0
    /// Errors its radio gave, counted.
    public private(set) var failures = 0
    /// The last of them, if any.
    public private(set) var lastError: TransceiverError?

    /// The radio. `unowned`: the radio's owner keeps the tag, not the other way.
    private unowned let radio: any RadioHost
    private var sequence: UInt16 = 0

    /// A tag on `radio` blinking every `interval` from `firstBlink`.
    public init(on radio: any RadioHost, network: PANIdentifier, address: UInt16, interval: Duration, firstBlink: Duration) {
        self.radio = radio
        self.network = network
        self.address = address
        self.interval = interval
        self.firstBlink = firstBlink
    }

    /// Starts blinking at the loop's start.
    public func radioStarted() {
        start()
    }

    /// Schedules the first blink. Loop only.
    public func start() {
        radio.schedule(after: firstBlink) { [weak self] in
            self?.blink()
        }
    }

    /// Blinks have no events to answer.
    public func radio(_ event: TransceiverEvent, fromChip chip: Int) {}

    private func blink() {
        radio.schedule(after: interval) { [weak self] in
            self?.blink()
        }
        guard let transceiver = radio.transceivers.first else { return }
        do {
            let frame = try UplinkTDoABlink(network: network, tag: address, sequence: sequence).encoded()
            sequence &+= 1
            try transceiver.turnOff()
            try transceiver.transmitImmediately(frame, awaiting: nil)
            blinks += 1
        } catch let error as TransceiverError {
            failures += 1
            lastError = error
        } catch {
            failures += 1
            lastError = .hardwareFault("\(error)")
        }
    }
}
