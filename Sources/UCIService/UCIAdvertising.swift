import UCI
import UWBCore
import UWBPositioning

/// An ACTIVE OWR-AoA advertiser session (DEVICE_ROLE 5) on its host's emulated device: it sends a
/// frame every RANGING_DURATION, from its DEVICE_MAC_ADDRESS in its session's network, for
/// observers to measure the angle of. The frame is the blink of swift-uwb's UL-TDoA tags
/// (``UWBPositioning/UplinkTDoABlink``: the sender and a sequence number, nothing else), in the PAN
/// numbered by the session id's two low octets (``UCIAdvertising/network(ofSession:)``).
final class UCIAdvertising: UCIOneWaySession {
    private let slot: UCIDeviceSlot
    private let session: UCISession
    /// The blinking tag while it advertises.
    private var tag: UplinkTDoATag?

    /// Advertising for `session` on `slot`'s device.
    init(session: UCISession, slot: UCIDeviceSlot) {
        self.session = session
        self.slot = slot
    }

    /// The network (PAN) of a one-way AoA session of `id`: its two low octets [our choice; FiRa's
    /// advertisement frame is not public].
    static func network(ofSession id: UInt32) -> PANIdentifier {
        PANIdentifier(rawValue: UInt16(truncatingIfNeeded: id))
    }

    /// Starts advertising: the first frame one interval from now.
    func start() {
        let interval = Duration.milliseconds(Int64(session.config.rangingInterval))
        let tag = UplinkTDoATag(
            on: slot.device.radio, network: Self.network(ofSession: session.id), address: session.config.deviceAddress,
            interval: interval, firstBlink: interval)
        self.tag = tag
        slot.lendRadio(to: tag)
        tag.start()
    }

    /// Stops advertising (the next scheduled frame finds no tag).
    func stop() {
        guard tag != nil else { return }
        tag = nil
        slot.reclaimRadio()
    }
}
