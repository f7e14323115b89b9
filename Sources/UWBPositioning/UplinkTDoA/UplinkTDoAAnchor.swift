import UWBCore

/// A UL-TDoA anchor on any radio: it timestamps the blinks of its network's tags and reports each
/// to ``onReport`` in its cluster's time base, as an RTLS anchor does over its backhaul.
///
/// One anchor of each cluster is the **reference**: every period it sends a sync frame (a DL-TDoA
/// Poll: its TX time and position) and reports its blinks at once, on its own clock. The others
/// **follow** it: they hold each blink until the next sync and then place it between the two
/// syncs around it, by the reference's clock: the earlier sync's TX time, plus the flight from the
/// reference, plus the interval since that sync scaled by the two syncs' intervals sent over
/// received (the anchors stand still, so the flight cancels). Interpolating between syncs, rather
/// than extrapolating from the last, keeps a crystal's wander between syncs from moving a blink
/// by centimetres; it delays a follower's reports by up to one period. Every receive timestamp has
/// the receiver's range bias taken off.
///
/// Attach it to the radio's loop (``UWBCore/RadioHost/attach(_:)``) and keep it; it starts with
/// ``UWBCore/RadioEventHandler/radioStarted()`` or ``start()``.
public final class UplinkTDoAAnchor: RadioEventHandler {
    /// The anchor's part in its cluster.
    public enum Role: Hashable, Sendable {
        /// Sends a sync every `period`, the first `firstSync` after the start.
        case reference(period: Duration, firstSync: Duration)
        /// Follows the reference anchor at short address `reference`.
        case follower(reference: UInt16)
    }

    /// The network (PAN) of the syncs and blinks.
    public var network: PANIdentifier { transmitter.network }
    /// The anchor's short address.
    public var address: UInt16 { transmitter.address }
    /// Its surveyed position.
    public var position: Position { transmitter.position }
    /// Its part in its cluster.
    public let role: Role
    /// Called on the loop with every blink the anchor can place in its cluster's time base.
    public let onReport: (UplinkTDoAReport) -> Void
    /// Errors its radio gave, counted.
    public private(set) var failures = 0
    /// The last of them, if any.
    public private(set) var lastError: TransceiverError?
    /// Blinks that could not be placed in the reference's time: heard before the first sync, or
    /// with the next sync missing for longer than half a clock wrap.
    public private(set) var unsynchronisedBlinks = 0

    private let transmitter: AnchorTransmitter
    private var round: UInt16 = 0
    /// The follower's last sync: the reference's TX time and position, and when it arrived here.
    private var lastSync: (sent: DeviceTime, received: DeviceTime, reference: Position)?
    /// The follower's blinks since the last sync, waiting for the next: each with its arrival here.
    private var waiting: [(blink: UplinkTDoABlink, received: DeviceTime)] = []

    /// An anchor on `radio`.
    ///
    /// - Throws: ``DownlinkTDoAFrameError/positionOutOfRange(_:)`` for a position its syncs cannot carry.
    public init(
        on radio: any RadioHost, network: PANIdentifier, address: UInt16, position: Position, role: Role,
        onReport: @escaping (UplinkTDoAReport) -> Void
    ) throws(DownlinkTDoAFrameError) {
        transmitter = try AnchorTransmitter(
            radio: radio, network: network, address: address, position: position,
            hostAllowance: DownlinkTDoASchedule.hostAllowance(radio.kind))
        self.role = role
        self.onReport = onReport
    }

    /// Starts at the loop's start.
    public func radioStarted() {
        start()
    }

    /// Starts listening and, for a reference, schedules the first sync. Loop only.
    public func start() {
        listen()
        if case .reference(let period, let firstSync) = role {
            transmitter.radio.schedule(after: firstSync) { [weak self] in
                self?.sync(every: period)
            }
        }
    }

    /// Takes syncs and blinks, and listens on after every event.
    public func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        guard chip == 0 else { return }
        if case .frameReceived(let received) = event {
            let configuration = transmitter.radio.configuration
            if let blink = UplinkTDoABlink.decoded(from: received.frame), blink.network == network {
                heard(blink, at: received.rangeBiasCorrectedTimestamp(configuration: configuration))
            } else if case .follower(let reference) = role, let frame = try? DownlinkTDoAFrame.decoded(from: received.frame),
                frame.network == network, frame.anchor == reference, frame.message.kind == .poll {
                synchronise(frame.message, receivedAt: received.rangeBiasCorrectedTimestamp(configuration: configuration))
            }
        }
        listen()
    }

    /// Sends a sync now and schedules the next one `period` later.
    private func sync(every period: Duration) {
        transmitter.radio.schedule(after: period) { [weak self] in
            self?.sync(every: period)
        }
        round &+= 1
        attempt { () throws(TransceiverError) in
            _ = try transmitter.send(.poll, round: round, startingAt: try transmitter.earliestStart(), to: .broadcast)
        }
    }

    /// A sync from the reference, sent at its `sync.transmitted`, received here at `time`: the
    /// waiting blinks are placed between it and the last one.
    private func synchronise(_ sync: DownlinkTDoAMessage, receivedAt time: DeviceTime) {
        defer {
            lastSync = (sync.transmitted, time, sync.anchorPosition)
            waiting.removeAll()
        }
        guard let last = lastSync else {
            unsynchronisedBlinks += waiting.count
            return
        }
        let sent = sync.transmitted.elapsed(since: last.sent).seconds
        let received = time.elapsed(since: last.received).seconds
        guard sent > 0, sent < DownlinkTDoAClockTracker.longestSeconds, received > 0 else {
            unsynchronisedBlinks += waiting.count
            return
        }
        let speed = PhysicalConstants.speedOfLight.metresPerSecond
        let flight = (position.metres - last.reference.metres).length / speed
        let name = DownlinkTDoAObservation.anchorName(address)
        for (blink, heard) in waiting {
            let since = heard.elapsed(since: last.received).seconds * sent / received
            let arrival = last.sent + DeviceDuration(ticks: Int64(((flight + since) * DeviceClock.ticksPerSecond).rounded()))
            onReport(UplinkTDoAReport(
                anchor: Anchor(name: name, position: position), reference: DownlinkTDoAObservation.anchorName(reference),
                tag: blink.tag, sequence: blink.sequence, arrival: arrival))
        }
    }

    /// The follower's reference.
    private var reference: UInt16 {
        if case .follower(let reference) = role { reference } else { address }
    }

    /// Reports `blink`, heard at `time` on this anchor's clock, in the reference's time.
    private func heard(_ blink: UplinkTDoABlink, at time: DeviceTime) {
        let name = DownlinkTDoAObservation.anchorName(address)
        switch role {
        case .reference:
            onReport(UplinkTDoAReport(
                anchor: Anchor(name: name, position: position), reference: name, tag: blink.tag, sequence: blink.sequence,
                arrival: time))
        case .follower:
            waiting.append((blink, time))
        }
    }

    private func listen() {
        attempt { () throws(TransceiverError) in try transmitter.listen() }
    }

    /// Runs `work`, counting a failure.
    private func attempt(_ work: () throws(TransceiverError) -> Void) {
        do {
            try work()
        } catch {
            failures += 1
            lastError = error
        }
    }
}
