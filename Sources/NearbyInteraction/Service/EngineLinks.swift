import UWBCore
import UWBPositioning
import UWBRanging

/// Sessions on a radio, ranged by the project's engine: a ``RangingScheduler`` shares the radio
/// among the links, and a ``MeasurementBuilder`` turns each round into a measurement. A radio
/// error that means the radio is gone is reported once through `onFailure`.
final class EngineLinks: SessionLinks {
    let capabilities: NIRadioCapability
    let shortestInterval: Duration
    var lateness: Duration { scheduler?.lateness ?? .zero }

    private let radio: any RadioHost
    /// The timing of links ranging with a configuration: the settings' timing if they give one,
    /// else the radio kind's, derived from that configuration, so that an STS counts in every
    /// frame's airtime (``RangingTiming``).
    private let timing: (RadioConfig) -> RangingTiming
    private let array: AntennaArray?
    private let fieldOfView: FieldOfView
    private let droppedFrames: FrameRejectionTally
    private let onFailure: (String) -> Void
    /// Passes the radio's events here without the radio keeping the links alive.
    private let events = RadioEvents()
    private var scheduler: RangingScheduler?
    private var links: [SessionLinkID: RangingScheduler.LinkID] = [:]
    /// The STS each running link ranges with (nil for none): the radio holds one at a time.
    private var secureTimestamps: [SessionLinkID: SecureTimestampConfiguration?] = [:]
    /// The STS the radio was last configured with.
    private var radioSecureTimestamps: SecureTimestampConfiguration?
    private var nextLink = 0
    /// Links whose start waits for the GOODBYEs of sessions that just ended (``start(_:interval:handlers:)``).
    private var waiting: Set<SessionLinkID> = []
    /// The DL-TDoA tag listening while a DL-TDoA session runs: it takes the radio's events.
    private var downlinkTag: DownlinkTDoATag?

    /// How long after the last GOODBYE comes due a link that changes the packet configuration
    /// starts: room for a GOODBYE on the air (about 0.2 ms) after the quiet gap the air may ask.
    static let goodbyeAllowance = Duration.milliseconds(2)

    /// Links on `radio` with `settings`' timing and field of view; frames dropped unused are
    /// counted in `droppedFrames`, and a lost radio is reported to `onFailure` (on the loop).
    init(
        radio: any RadioHost, settings: DeviceServiceSettings, droppedFrames: FrameRejectionTally,
        onFailure: @escaping (String) -> Void
    ) {
        self.radio = radio
        radioSecureTimestamps = radio.configuration.secureTimestamps
        let array = radio.board.coherentReceivers > 1
            ? try? AntennaArray(board: radio.board, channel: radio.configuration.channel) : nil
        self.array = array
        let board = NIRadioCapability(board: radio.board)
        capabilities = (array == nil
            ? NIRadioCapability(coherentReceivers: 1, secureTimestamps: board.supportsSecureTimestamps) : board)
            .listeningToDownlinkTDoA(true)
        let kind = radio.kind
        timing = { configuration in
            settings.timing ?? (kind == .usb ? .usb(for: configuration) : .emulator(for: configuration))
        }
        // An STS lengthens every frame: the shortest interval is that of the longest rounds the radio may range.
        let longest = board.supportsSecureTimestamps
            ? radio.configuration.withSecureTimestamps(SessionKeyAgreement.secureTimestampPlaceholder) : radio.configuration
        shortestInterval = timing(longest).longestRound * 2
        fieldOfView = settings.fieldOfView
        self.droppedFrames = droppedFrames
        self.onFailure = onFailure
    }

    func attach() {
        events.links = self
        radio.attach(events)
    }

    /// Starts `pairing`'s link. A link that needs an STS on a radio without one, or none on a
    /// radio with one, changes the frames' packet configuration (SP1 or SP0), which a peer expecting
    /// the other cannot hear: while GOODBYEs of sessions that just ended are still to go out in the
    /// old one, the link starts once they have (``RangingScheduler/goodbyesDue``, plus
    /// ``goodbyeAllowance``), so that their peers remove them at once instead of by timeout.
    func start(_ pairing: SessionPairing, interval: Duration, handlers: LinkHandlers) -> SessionLinkID {
        nextLink += 1
        let id = SessionLinkID(rawValue: nextLink)
        if (pairing.secureTimestamps == nil) != (radioSecureTimestamps == nil), let due = scheduler?.goodbyesDue {
            waiting.insert(id)
            radio.schedule(after: max(due - radio.now, .zero) + Self.goodbyeAllowance) { [weak self] in
                guard let self, self.waiting.remove(id) != nil else { return }
                self.begin(id, pairing, interval: interval, handlers: handlers)
            }
            return id
        }
        begin(id, pairing, interval: interval, handlers: handlers)
        return id
    }

    /// Starts link `id` of `pairing` at once.
    private func begin(_ id: SessionLinkID, _ pairing: SessionPairing, interval: Duration, handlers: LinkHandlers) {
        let configuration = radio.configuration.withSecureTimestamps(pairing.secureTimestamps)
        let scheduler: RangingScheduler
        do {
            try useSecureTimestamps(pairing.secureTimestamps)
            scheduler = self.scheduler(for: configuration)
        } catch {
            handlers.failed(error)
            return
        }
        secureTimestamps[id] = pairing.secureTimestamps
        let builder = MeasurementBuilder(configuration: configuration, array: array, fieldOfView: fieldOfView)
        let radio = radio
        let roundHandlers = RangingScheduler.Handlers(
            completed: { round in handlers.measured(builder.measurement(of: round, at: radio.now)) },
            failed: { _ in },
            peerEnded: handlers.peerEnded)
        links[id] = pairing.role == .initiator
            ? scheduler.addInitiator(pairing.link, interval: interval, handlers: roundHandlers)
            : scheduler.addResponder(pairing.link, handlers: roundHandlers)
    }

    func stop(_ link: SessionLinkID, sayingGoodbye: Bool) {
        guard waiting.remove(link) == nil else { return }
        secureTimestamps[link] = nil
        guard let scheduled = links.removeValue(forKey: link) else { return }
        scheduler?.remove(scheduled, sayingGoodbye: sayingGoodbye)
    }

    func sayGoodbye(on pairing: SessionPairing) {
        scheduler?.sayGoodbye(on: pairing.link)
    }

    /// Configures the radio with `sts` (an STS, or none) unless it has it already, and the
    /// scheduler's checks with it.
    ///
    /// - Throws: ``NIError/Code/activeSessionsLimitExceeded`` while a running link ranges with
    ///   another STS (the radio holds one at a time: such a radio runs one session with an STS peer,
    ///   or any number without), ``NIError/Code/sessionFailed`` if the radio refuses it.
    private func useSecureTimestamps(_ sts: SecureTimestampConfiguration?) throws(NIError) {
        if secureTimestamps.values.contains(where: { $0 != sts }) {
            throw NIError(.activeSessionsLimitExceeded, detail: "another session of this device ranges \(sts == nil ? "with" : "without or with other") secure timestamps (STS), and the radio holds one STS configuration at a time; end that session first")
        }
        guard sts != radioSecureTimestamps else { return }
        let configuration = radio.configuration.withSecureTimestamps(sts)
        for transceiver in radio.transceivers {
            do {
                try transceiver.configure(configuration)
            } catch {
                throw NIError(.sessionFailed, detail: "the radio \(radio.name) refused the session's configuration (\(error))")
            }
        }
        radioSecureTimestamps = sts
        scheduler?.secureTimestamps = sts
    }

    /// The scheduler for links ranging with `configuration`: the current one if its timing is
    /// that configuration's, else a new one with that timing. A new one replaces the old only
    /// when no link runs on it: links of another STS make ``useSecureTimestamps(_:)`` throw first.
    private func scheduler(for configuration: RadioConfig) -> RangingScheduler {
        let wanted = timing(configuration)
        if let scheduler, scheduler.timing == wanted || !links.isEmpty {
            return scheduler
        }
        return makeScheduler(timing: wanted)
    }

    private func makeScheduler(timing: RangingTiming) -> RangingScheduler {
        let transceivers = radio.transceivers
        let clock = transceivers.first.map { TransmitClock(board: radio.board, capabilities: $0.capabilities) }
            ?? TransmitClock(granularity: .zero, antennaDelay: .zero)
        let scheduler = RangingScheduler(
            transceivers: transceivers, timing: timing, transmitClock: clock,
            schedule: { [radio] delay, action in radio.schedule(after: delay, action) },
            now: { [radio] in radio.now },
            onRadioFailure: { [weak self] error in self?.lost(error) }, droppedFrames: droppedFrames)
        self.scheduler = scheduler
        return scheduler
    }

    /// Listens as a DL-TDoA tag (UWBPositioning's ``DownlinkTDoATag``), which takes the radio's
    /// events while it listens.
    func listen(
        toDownlinkTDoA network: PANIdentifier, heard: @escaping ([NIDLTDOAMeasurement]) -> Void, failed: @escaping (NIError) -> Void
    ) throws(NIError) {
        let tag = DownlinkTDoATag(on: radio, network: network) { observation in
            heard(NIDLTDOAMeasurement.measurements(of: observation))
        }
        downlinkTag = tag
        tag.start()
    }

    func stopListening() {
        guard downlinkTag != nil else { return }
        downlinkTag = nil
        try? radio.transceivers.first?.turnOff()
    }

    fileprivate func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        if let downlinkTag {
            downlinkTag.radio(event, fromChip: chip)
        } else {
            scheduler?.handle(event, fromChip: chip)
        }
    }

    fileprivate func radioFailed(_ error: TransceiverError) {
        guard error.meansRadioLost else { return }
        lost(error)
    }

    private func lost(_ error: TransceiverError) {
        onFailure("the radio \(radio.name) failed: \(error)")
    }
}

/// Receives a radio's events for ``EngineLinks`` it does not keep alive. `@unchecked Sendable`:
/// it is handed to the loop once and used only there.
private final class RadioEvents: RadioEventHandler, @unchecked Sendable {
    weak var links: EngineLinks?

    func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        links?.radio(event, fromChip: chip)
    }

    func radio(failed error: TransceiverError, onChip chip: Int) {
        links?.radioFailed(error)
    }
}
