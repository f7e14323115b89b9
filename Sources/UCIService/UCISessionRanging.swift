import UCI
import UWBCore
import UWBRanging

/// An ACTIVE session ranging on its host's emulated device through the project's ranging engine:
/// one link per peer in DST_MAC_ADDRESS on the device's ``UCIDeviceSlot/scheduler``, which
/// shares the radio with the links of the host's other ACTIVE sessions. An initiator starts a
/// DS-TWR round with its peers every RANGING_DURATION (one group round for all the controlees of
/// a one-to-many session); a responder answers its peer's rounds. The outcomes of an interval
/// become one SESSION_INFO_NTF, one measurement per peer. The peer is whatever device in the room
/// answers to that address in the same session: ranging needs no pairing, only the air.
final class UCISessionRanging {
    /// What the ranging reports: each SESSION_INFO_NTF, and the end of each round with a peer
    /// (its address, and whether the round completed) for the data waiting for it.
    struct Reports {
        /// Sends a SESSION_INFO_NTF.
        var info: (UCISessionInfo) -> Void
        /// A round with the peer at the address ended, completed (true) or failed.
        var roundEnded: (UInt16, Bool) -> Void
    }

    /// The device the session ranges on.
    private let slot: UCIDeviceSlot
    /// The session (its configuration, token and counters).
    private let session: UCISession
    /// Where notifications and round ends go.
    private let reports: Reports
    /// Whether measurements carry RSSI (UCI 2.0; the octet is reserved in 1.x).
    private let reportsRSSI: Bool
    /// The session's links on the scheduler while it ranges.
    private var links: [RangingScheduler.LinkID] = []
    /// The interval's measurements so far.
    private var collector: UCIRoundCollector

    /// Ranging for `session` on `slot`'s device; `reports` hears what it measures.
    init(session: UCISession, slot: UCIDeviceSlot, reportsRSSI: Bool, reports: Reports) {
        self.session = session
        self.slot = slot
        self.reportsRSSI = reportsRSSI
        self.reports = reports
        collector = UCIRoundCollector(peers: session.config.peerAddresses)
    }

    /// The ranging engine's links a session of `id` configured as `config` runs, one per peer.
    static func links(of config: UCIAppConfig, id: UInt32) -> [RangingLink] {
        config.peerAddresses.map { peer in
            RangingLink(
                session: UCIEngineSession.identifier(
                    session: id, controlee: config.isController ? peer : config.deviceAddress, sts: config.secureTimestampMaterial(session: id)),
                pan: RangingFrameFormat.defaultPAN, localAddress: config.deviceAddress, peerAddress: peer)
        }
    }

    /// Adds the session's links to the device's scheduler: an initiator's first round comes one
    /// ranging interval from now.
    func start() {
        let config = session.config
        let scheduler = slot.scheduler
        let interval = Duration.milliseconds(Int64(config.rangingInterval))
        for link in Self.links(of: config, id: session.id) {
            let peer = link.peerAddress
            let builder = slot.makeBuilder()
            let handlers = RangingScheduler.Handlers(
                completed: { [weak self] round in self?.completed(round, with: peer, builder: builder) },
                failed: { [weak self] failure in self?.failed(failure, with: peer) },
                peerEnded: {})
            links.append(config.isInitiator
                ? scheduler.addInitiator(link, interval: interval, handlers: handlers)
                : scheduler.addResponder(link, handlers: handlers))
        }
    }

    /// Stops ranging: the session's links leave the scheduler (the device goes on with its other
    /// sessions' links).
    func stop() {
        let scheduler = slot.scheduler
        for link in links {
            scheduler.remove(link, sayingGoodbye: false)
        }
        links = []
    }

    /// A round with `peer` completed: its measurement (built by the link's own builder).
    private func completed(_ round: CompletedRound, with peer: UInt16, builder: MeasurementBuilder) {
        let measurement = builder.measurement(of: round, at: slot.now())
        var report = UCIMeasurementReport.measurement(
            measurement, peer: session.config.macAddress(ofPeer: peer), withAngles: session.config.wantsAngles && builder.array != nil)
        if !reportsRSSI {
            report.rssi = 0
        }
        collect(report, from: peer)
        reports.roundEnded(peer, true)
    }

    /// A round with `peer` failed: a measurement with the failure's status.
    private func failed(_ failure: RangingFailure, with peer: UInt16) {
        collect(
            UCIMeasurementReport.failed(peer: session.config.macAddress(ofPeer: peer), status: UCIMeasurementReport.status(of: failure)),
            from: peer)
        reports.roundEnded(peer, false)
    }

    /// Adds a peer's measurement to the interval's and reports an interval it completes.
    private func collect(_ measurement: UCITwoWayMeasurement, from peer: UInt16) {
        guard let measurements = collector.add(measurement, from: peer) else { return }
        session.infoSequence &+= 1
        session.rangingCount &+= 1
        reports.info(UCISessionInfo(
            sequenceNumber: session.infoSequence, sessionToken: session.handle,
            currentRangingInterval: session.config.rangingInterval, usesExtendedAddresses: session.config.usesExtendedAddresses,
            measurements: .twoWay(measurements, vendorData: [])))
    }
}
