import UCI
import UWBCore
import UWBPositioning
import UWBRanging

/// An ACTIVE OWR-AoA observer session (DEVICE_ROLE 6) on its host's emulated device: every chip of
/// its board listens, and each frame an advertiser of the session sent (``UCIAdvertising``; from
/// an address in DST_MAC_ADDRESS, or any address when it lists none) that every chip received gives
/// one SESSION_INFO_NTF of one OWR-AoA measurement: the angle of arrival from the chips' carrier
/// phases through the board's antenna array (``UWBRanging/AntennaArray``), the way two-way
/// sessions measure theirs. A board without an array reports the frames with FOM 0 and no angle.
final class UCIOneWayAoAObserving: UCIOneWaySession, RadioEventHandler {
    private let slot: UCIDeviceSlot
    private let session: UCISession
    private let report: (UCISessionInfo) -> Void
    /// Whether the observer listens.
    private var listening = false
    /// The chips' diagnostics of the frame being gathered, by chip.
    private var gathering: (frame: [UInt8], chips: [Int: ReceptionDiagnostics])?

    /// Observing for `session` on `slot`'s device; `report` gets each notification.
    init(session: UCISession, slot: UCIDeviceSlot, report: @escaping (UCISessionInfo) -> Void) {
        self.session = session
        self.slot = slot
        self.report = report
    }

    /// Starts listening on every chip.
    func start() {
        listening = true
        slot.lendRadio(to: self)
        for chip in slot.device.radio.transceivers.indices {
            listen(on: chip)
        }
    }

    /// Stops listening and turns the receivers off.
    func stop() {
        guard listening else { return }
        listening = false
        slot.reclaimRadio()
    }

    /// Takes a frame a chip received and listens on.
    func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        guard listening else { return }
        if case .frameReceived(let received) = event {
            gather(received, chip: chip)
        }
        listen(on: chip)
    }

    private func gather(_ received: ReceivedFrame, chip: Int) {
        guard let blink = UplinkTDoABlink.decoded(from: received.frame), blink.network == UCIAdvertising.network(ofSession: session.id)
        else { return }
        let peers = session.config.peerAddresses
        guard peers.isEmpty || peers.contains(blink.tag) else { return }
        if gathering?.frame != received.frame {
            gathering = (received.frame, [:])
        }
        gathering?.chips[chip] = received.diagnostics
        let receivers = slot.device.radio.transceivers.count
        guard let chips = gathering?.chips, chips.count == receivers else { return }
        gathering = nil
        measured(blink, diagnostics: (0..<receivers).map { chips[$0] })
    }

    private func measured(_ blink: UplinkTDoABlink, diagnostics: [ReceptionDiagnostics?]) {
        var measurement = UCIOneWayAoAMeasurement(
            macAddress: session.config.macAddress(ofPeer: blink.tag), nlos: 0, frameSequenceNumber: UInt8(truncatingIfNeeded: blink.sequence),
            blockIndex: blink.sequence, azimuth: UCIAngle(field: 0), azimuthFOM: 0)
        if let array = slot.builder.array, let estimate = try? array.direction(phases: array.source.phases(of: diagnostics)) {
            if let azimuth = estimate.horizontalAngle {
                measurement.azimuth = UCIAngle(degrees: azimuth.degrees)
                measurement.azimuthFOM = UCIServiceConstants.oneWayAoAFigureOfMerit
            }
            if let direction = estimate.direction {
                measurement.elevation = UCIMeasurementReport.elevation(of: direction)
                measurement.elevationFOM = UCIServiceConstants.oneWayAoAFigureOfMerit
            }
        }
        session.infoSequence &+= 1
        session.rangingCount &+= 1
        report(UCISessionInfo(
            sequenceNumber: session.infoSequence, sessionToken: session.handle, currentRangingInterval: session.config.rangingInterval,
            usesExtendedAddresses: session.config.usesExtendedAddresses, measurements: .oneWayAoA([measurement], vendorData: [])))
    }

    private func listen(on chip: Int) {
        let transceivers = slot.device.radio.transceivers
        guard transceivers.indices.contains(chip) else { return }
        do {
            try transceivers[chip].enableReceiver(.untilTurnedOff)
        } catch {
            slot.device.radio.record(error)
        }
    }
}
