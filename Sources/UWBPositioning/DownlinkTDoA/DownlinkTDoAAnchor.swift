import UWBCore
import UWBRanging

/// A DL-TDoA anchor on any radio (the emulator's, a USB board's): the software that sends its
/// part of every round, as an initiator (Poll and Final, every ``DownlinkTDoAAnchor/Role/initiator(period:firstRound:)``
/// period) or a responder (a Response in its slot after each Poll of its initiator). Frames carry
/// the anchor's surveyed position and its timestamps; tags only listen, so any number of them
/// costs no airtime.
///
/// The initiator listens to the Responses between its Poll and its Final, and its Final tells
/// when it received each; with them every responder completes a double-sided two-way ranging
/// with its initiator each round, and its later Responses carry the time of flight it averaged
/// (`DownlinkTDoAFlightAverage`). A tag takes that flight rather than the surveyed distance's:
/// it is timed by the same receivers as the rounds, so a reception the multipath between the two
/// anchors makes late, which delays the Response that answers it, delays their flight as well.
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
    /// The initiator's round whose Responses it is hearing, until its Final is programmed.
    private var hearing: HeardResponses?
    /// The responder's part of the last round it answered, until its initiator's Final completes its ranging.
    private var answered: AnsweredPoll?
    /// The responder's time of flight to its initiator.
    private var flight = DownlinkTDoAFlightAverage()

    /// What an initiator heard of its round's Responses.
    private struct HeardResponses {
        let round: UInt16
        /// The Poll's TX timestamp.
        let pollSent: DeviceTime
        /// Whether the receiver was turned on after the Poll went out.
        var listening = false
        var responses: [DownlinkTDoAResponseReception] = []
    }

    /// A responder's half of a round's two-way ranging with its initiator.
    private struct AnsweredPoll {
        let round: UInt16
        /// The Poll's TX timestamp, by the initiator's clock (the Poll carries it).
        let pollSent: DeviceTime
        /// Its RX timestamp and the Response's TX timestamp, by the responder's clock.
        let pollReceived: DeviceTime
        let responseSent: DeviceTime
    }

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

    /// Hears the Responses and sends the Final (initiator), answers Polls and ranges with the
    /// Finals (responder).
    public func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        guard chip == 0 else { return }
        switch (role, event) {
        case (.initiator, .transmitted):
            if hearing?.listening == false {
                hearing?.listening = true
                let round = round
                transmitter.radio.schedule(after: schedule.responsesEnd) { [weak self] in
                    self?.sendFinal(of: round)
                }
                listen()
            }
        case (.initiator, .frameReceived(let received)):
            if let frame = try? DownlinkTDoAFrame.decoded(from: received.frame), frame.network == network,
                frame.destination == .short(address), case .response = frame.message.kind, frame.message.round == hearing?.round,
                hearing?.responses.contains(where: { $0.responder == frame.anchor }) == false {
                hearing?.responses.append(DownlinkTDoAResponseReception(
                    responder: frame.anchor, received: received.rangeBiasCorrectedTimestamp(configuration: transmitter.radio.configuration)))
                if hearing?.responses.count == schedule.responders {
                    return sendFinal(of: round)
                }
            }
            listenForResponses()
        case (.initiator, _):
            listenForResponses()
        case (.responder(let initiator, let slot), .frameReceived(let received)):
            guard let frame = try? DownlinkTDoAFrame.decoded(from: received.frame), frame.network == network, frame.anchor == initiator else {
                return listen()
            }
            let time = received.rangeBiasCorrectedTimestamp(configuration: transmitter.radio.configuration)
            switch frame.message.kind {
            case .poll:
                answer(frame.message, of: initiator, receivedAt: time, offset: received.diagnostics.clockOffset, slot: slot)
            case .final(let responses):
                range(with: frame.message, responses: responses, receivedAt: time)
                listen()
            case .response:
                listen()
            }
        case (.responder, _):
            listen()
        }
    }

    /// Opens a round now and schedules the next one `period` later.
    private func openRound(every period: Duration) {
        transmitter.radio.schedule(after: period) { [weak self] in
            self?.openRound(every: period)
        }
        round &+= 1
        rounds += 1
        hearing = nil
        attempt { () throws(TransceiverError) in
            let sent = try transmitter.send(.poll, round: round, startingAt: try transmitter.earliestStart(), to: .broadcast)
            hearing = HeardResponses(round: round, pollSent: sent)
        }
    }

    /// Programs round `round`'s Final, listing the Responses heard, unless it is programmed already.
    private func sendFinal(of round: UInt16) {
        guard let heard = hearing, heard.round == round else { return }
        hearing = nil
        let start = transmitter.start(forTimestamp: heard.pollSent + AnchorTransmitter.ticks(schedule.finalDelay))
        let listed = Array(heard.responses.prefix(DownlinkTDoAFrame.maximumResponsesInFinal))
        attempt { () throws(TransceiverError) in
            _ = try transmitter.send(.final(responses: listed), round: round, startingAt: start, to: .broadcast)
        }
    }

    /// Listens on while the initiator hears its round's Responses.
    private func listenForResponses() {
        if hearing?.listening == true {
            listen()
        }
    }

    /// Completes the responder's ranging of the round `final` closes, received at `time`, if the
    /// Final lists its Response, and adds the flight to the average.
    private func range(with final: DownlinkTDoAMessage, responses: [DownlinkTDoAResponseReception], receivedAt time: DeviceTime) {
        guard let answered, final.round == answered.round, let mine = responses.first(where: { $0.responder == address }) else { return }
        self.answered = nil
        let timestamps = RoundTimestamps(
            pollTransmitted: answered.pollSent, pollReceived: answered.pollReceived, responseTransmitted: answered.responseSent,
            responseReceived: mine.received, finalTransmitted: final.transmitted, finalReceived: time)
        if let measured = try? TwoWayRanging.doubleSided(timestamps) {
            flight.add(measured)
        }
    }

    /// Sends the Response to `poll` of `initiator`, received at `time` with the initiator's clock `offset`.
    private func answer(_ poll: DownlinkTDoAMessage, of initiator: UInt16, receivedAt time: DeviceTime, offset: ClockOffset, slot: Int) {
        let start = transmitter.start(forTimestamp: time + AnchorTransmitter.ticks(schedule.responseDelay(slot: slot)))
        let sent = transmitter.timestamp(ofTransmissionAt: start)
        let replyTime = sent.elapsed(since: time)
        round = poll.round
        rounds += 1
        answered = AnsweredPoll(round: round, pollSent: poll.transmitted, pollReceived: time, responseSent: sent)
        attempt { () throws(TransceiverError) in
            _ = try transmitter.send(
                .response(replyTime: replyTime, initiatorClockOffset: offset, timeOfFlight: flight.carried), round: round,
                startingAt: start, to: .short(initiator))
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
