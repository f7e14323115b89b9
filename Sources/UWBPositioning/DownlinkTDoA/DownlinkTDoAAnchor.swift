import UWBCore
import UWBRanging

/// A DL-TDoA anchor on any radio (the emulator's, a USB board's): the software that sends its
/// part of every round, as an initiator (Poll and Final, every ``DownlinkTDoAAnchor/Role/initiator(period:firstRound:)``
/// period) or a responder (a Response in its slot after each Poll of its initiator). Frames carry
/// the anchor's surveyed position and its timestamps; tags only listen, so any number of them
/// costs no airtime.
///
/// Attach it to the radio's loop (``UWBCore/RadioHost/attach(_:)``) and keep it; it starts with
/// ``UWBCore/RadioEventHandler/radioStarted()`` or ``start()``.
public final class DownlinkTDoAAnchor: RadioEventHandler {
    /// The anchor's part in its cluster's rounds.
    public enum Role: Hashable, Sendable {
        /// Opens a round every `period`, the first `firstRound` after the start.
        case initiator(period: Duration, firstRound: Duration)
        /// Answers each Poll of the anchor at short address `initiator` in slot `slot` (0 first).
        case responder(initiator: UInt16, slot: Int)
    }

    /// The network (PAN) the anchor's frames belong to.
    public var network: PANIdentifier { transmitter.network }
    /// The anchor's short address.
    public var address: UInt16 { transmitter.address }
    /// Its surveyed position, which its frames carry.
    public var position: Position { transmitter.position }
    /// Its floor and height above it, which its frames carry, if the site gives them.
    public var floor: FloorElevation? { transmitter.floor }
    /// Its part in the rounds.
    public let role: Role
    /// When its cluster's frames go out.
    public let schedule: DownlinkTDoASchedule
    /// Errors its radio gave (a late or refused transmission, a receiver that would not start), counted.
    public private(set) var failures = 0
    /// The last of them, if any.
    public private(set) var lastError: TransceiverError?
    /// Rounds it opened (initiator) or answered (responder).
    public private(set) var rounds = 0

    private let transmitter: AnchorTransmitter
    private var round: UInt16 = 0
    /// The Poll's TX timestamp while the initiator's Final is still to be scheduled.
    private var pollSent: DeviceTime?

    /// An anchor on `radio`, on `floor` if the site gives floors.
    ///
    /// - Throws: ``DownlinkTDoAFrameError/positionOutOfRange(_:)`` for a position its frames cannot carry,
    ///   ``DownlinkTDoAFrameError/floorOutOfRange(_:)`` for a floor they cannot carry.
    public init(
        on radio: any RadioHost, network: PANIdentifier, address: UInt16, position: Position, floor: FloorElevation? = nil, role: Role,
        schedule: DownlinkTDoASchedule
    ) throws(DownlinkTDoAFrameError) {
        transmitter = try AnchorTransmitter(
            radio: radio, network: network, address: address, position: position, floor: floor, hostAllowance: schedule.hostAllowance)
        self.role = role
        self.schedule = schedule
    }

    /// Starts at the loop's start.
    public func radioStarted() {
        start()
    }

    /// Starts: an initiator schedules its first round, a responder listens. Loop only.
    public func start() {
        switch role {
        case .initiator(let period, let firstRound):
            transmitter.radio.schedule(after: firstRound) { [weak self] in
                self?.openRound(every: period)
            }
        case .responder:
            listen()
        }
    }

    /// Sends the Final once the Poll is out (initiator), answers Polls (responder).
    public func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        guard chip == 0 else { return }
        switch (role, event) {
        case (.initiator, .transmitted):
            if let pollSent {
                self.pollSent = nil
                let start = transmitter.start(forTimestamp: pollSent + AnchorTransmitter.ticks(schedule.finalDelay))
                attempt { () throws(TransceiverError) in _ = try transmitter.send(.final, round: round, startingAt: start, to: .broadcast) }
            }
        case (.responder(let initiator, let slot), .frameReceived(let received)):
            if let frame = try? DownlinkTDoAFrame.decoded(from: received.frame), frame.network == network,
                frame.anchor == initiator, frame.message.kind == .poll {
                answer(
                    frame.message, of: initiator,
                    receivedAt: received.rangeBiasCorrectedTimestamp(configuration: transmitter.radio.configuration),
                    offset: received.diagnostics.clockOffset, slot: slot)
            } else {
                listen()
            }
        case (.responder, _):
            listen()
        case (.initiator, _):
            break
        }
    }

    /// Opens a round now and schedules the next one `period` later.
    private func openRound(every period: Duration) {
        transmitter.radio.schedule(after: period) { [weak self] in
            self?.openRound(every: period)
        }
        round &+= 1
        rounds += 1
        attempt { () throws(TransceiverError) in
            pollSent = try transmitter.send(.poll, round: round, startingAt: try transmitter.earliestStart(), to: .broadcast)
        }
    }

    /// Sends the Response to `poll` of `initiator`, received at `time` with the initiator's clock `offset`.
    private func answer(_ poll: DownlinkTDoAMessage, of initiator: UInt16, receivedAt time: DeviceTime, offset: ClockOffset, slot: Int) {
        let start = transmitter.start(forTimestamp: time + AnchorTransmitter.ticks(schedule.responseDelay(slot: slot)))
        let replyTime = transmitter.timestamp(ofTransmissionAt: start).elapsed(since: time)
        round = poll.round
        rounds += 1
        attempt { () throws(TransceiverError) in
            _ = try transmitter.send(
                .response(replyTime: replyTime, initiatorClockOffset: offset), round: round, startingAt: start, to: .short(initiator))
        }
    }

    private func listen() {
        attempt { () throws(TransceiverError) in try transmitter.listen() }
    }

    /// Runs `work`, counting a failure (and, for a responder, listening again).
    private func attempt(_ work: () throws(TransceiverError) -> Void) {
        do {
            try work()
        } catch {
            failures += 1
            lastError = error
            if case .responder = role {
                try? transmitter.listen()
            }
        }
    }
}
