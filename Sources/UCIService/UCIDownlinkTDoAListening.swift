import UCI
import UWBCore
import UWBPositioning

/// An ACTIVE DT-tag session (DEVICE_ROLE 8) listening on its host's emulated device to the DL-TDoA
/// anchors of the network whose identifier is the session id: a ``UWBPositioning/DownlinkTDoATag``
/// takes the radio's events while it listens, and every round it hears becomes one
/// SESSION_INFO_NTF of DL-TDoA measurements (``UCIDownlinkTDoAReport``). The radio does nothing
/// else meanwhile: the host's other sessions cannot start (``UCIHost``).
final class UCIDownlinkTDoAListening: UCIOneWaySession {
    /// The device the session listens on.
    private let slot: UCIDeviceSlot
    /// The session (its configuration, token and counters).
    private let session: UCISession
    /// Where each SESSION_INFO_NTF goes.
    private let report: (UCISessionInfo) -> Void
    /// The tag while it listens.
    private var tag: DownlinkTDoATag?

    /// Listening for `session` on `slot`'s device; `report` gets each notification.
    init(session: UCISession, slot: UCIDeviceSlot, report: @escaping (UCISessionInfo) -> Void) {
        self.session = session
        self.slot = slot
        self.report = report
    }

    /// The network a DT-tag session of `id` listens to, or nil for an id no anchor network can
    /// have (networks are 16-bit PAN identifiers below 0xFFFF).
    static func network(ofSession id: UInt32) -> PANIdentifier? {
        UInt16(exactly: id).flatMap { $0 == PANIdentifier.broadcast.rawValue ? nil : PANIdentifier(rawValue: $0) }
    }

    /// Starts listening (a session whose id is no network's hears nothing).
    func start() {
        guard let network = Self.network(ofSession: session.id) else { return }
        let tag = DownlinkTDoATag(on: slot.device.radio, network: network) { [weak self] observation in
            self?.heard(observation)
        }
        self.tag = tag
        slot.lendRadio(to: tag)
        tag.start()
    }

    /// Stops listening: the radio's events go to the device's scheduler again and its receivers are turned off.
    func stop() {
        guard tag != nil else { return }
        tag = nil
        slot.reclaimRadio()
    }

    private func heard(_ observation: DownlinkTDoAObservation) {
        session.infoSequence &+= 1
        session.rangingCount &+= 1
        report(UCISessionInfo(
            sequenceNumber: session.infoSequence, sessionToken: session.handle, currentRangingInterval: session.config.rangingInterval,
            measurements: .downlinkTDoA(UCIDownlinkTDoAReport.measurements(of: observation))))
    }
}
