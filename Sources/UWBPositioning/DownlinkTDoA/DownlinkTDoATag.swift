import UWBCore

/// A DL-TDoA tag on any radio: it only listens, gathers each round of its network's anchors
/// (the initiator's Poll, the responders' Responses, the Final) and hands every complete round to
/// ``onRound`` as a ``DownlinkTDoAObservation``, each responder's clock rate over its initiator's
/// learnt from the anchors' own rounds (``DownlinkTDoAClockTracker``) and each receive timestamp
/// corrected for the receiver's range bias at its level (as the anchors' own).
///
/// Attach it to the radio's loop (``UWBCore/RadioHost/attach(_:)``) and keep it; it starts
/// listening with ``UWBCore/RadioEventHandler/radioStarted()`` or ``start()``.
public final class DownlinkTDoATag: RadioEventHandler {
    /// The network (PAN) whose anchors it listens to.
    public let network: PANIdentifier
    /// Called on the loop with every complete round.
    public let onRound: (DownlinkTDoAObservation) -> Void
    /// Rounds heard complete.
    public private(set) var completeRounds = 0
    /// Frames that claimed to be DL-TDoA messages but were not, counted.
    public private(set) var malformedFrames = 0
    /// The last error the receiver gave, if any.
    public private(set) var lastError: TransceiverError?

    /// The radio. `unowned`: the radio's owner keeps the tag, not the other way.
    private unowned let radio: any RadioHost
    /// The responders' clock rates over their initiators'.
    private var clocks = DownlinkTDoAClockTracker()
    /// The tag's own clock rate over each initiator's.
    private var ownClock = DownlinkTDoAClockTracker()
    /// The rounds being heard, one per initiator (a network has a few).
    private var pending: [PendingRound] = []
    /// The messages of the last round completed: the room a new round's are given.
    private var lastRoundMessages = 0
    /// The anchors' names (``DownlinkTDoAObservation/anchorName(_:)``), by short address.
    private var anchorNames: [UInt16: String] = [:]

    /// What the tag heard of a round so far.
    private struct PendingRound {
        var initiator: UInt16
        var number: UInt16
        var poll: DownlinkTDoAMessage
        var pollReceived: DeviceTime
        /// The Poll, then the Responses, in the order heard.
        var heard: [DownlinkTDoAObservation.Heard]
    }

    /// A tag on `radio` listening to `network`'s anchors.
    public init(on radio: any RadioHost, network: PANIdentifier, onRound: @escaping (DownlinkTDoAObservation) -> Void) {
        self.radio = radio
        self.network = network
        self.onRound = onRound
    }

    /// Starts listening at the loop's start.
    public func radioStarted() {
        start()
    }

    /// Starts listening. Loop only.
    public func start() {
        listen()
    }

    /// Takes each frame of its network's rounds and listens on.
    public func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        guard chip == 0 else { return }
        if case .frameReceived(let received) = event {
            do {
                if let frame = try DownlinkTDoAFrame.decoded(from: received.frame), frame.network == network {
                    take(frame, heard: DownlinkTDoAObservation.Heard(
                        anchor: frame.anchor, message: frame.message,
                        received: received.rangeBiasCorrectedTimestamp(configuration: radio.configuration),
                        receivedLevel: received.diagnostics.receivedLevel, clockOffset: received.diagnostics.clockOffset))
                }
            } catch {
                malformedFrames += 1
            }
        }
        listen()
    }

    private func take(_ frame: DownlinkTDoAFrame, heard message: DownlinkTDoAObservation.Heard) {
        let time = message.received
        switch frame.message.kind {
        case .poll:
            var heard: [DownlinkTDoAObservation.Heard] = []
            heard.reserveCapacity(lastRoundMessages)
            heard.append(message)
            let round = PendingRound(initiator: frame.anchor, number: frame.message.round, poll: frame.message, pollReceived: time, heard: heard)
            if let index = pendingIndex(of: frame.anchor) {
                pending[index] = round
            } else {
                pending.append(round)
            }
        case .response:
            guard case .short(let initiator) = frame.destination, let index = pendingIndex(of: initiator),
                pending[index].number == frame.message.round else { return }
            pending[index].heard.append(message)
        case .final:
            guard let index = pendingIndex(of: frame.anchor) else { return }
            var round = pending.remove(at: index)
            guard round.number == frame.message.round else { return }
            round.heard.append(message)
            complete(round, initiator: frame.anchor, final: frame.message, receivedAt: time)
        }
    }

    /// Where initiator `initiator`'s round is among the pending ones.
    private func pendingIndex(of initiator: UInt16) -> Int? {
        var index = 0
        while index < pending.count, pending[index].initiator != initiator {
            index += 1
        }
        return index < pending.count ? index : nil
    }

    private func complete(_ heard: PendingRound, initiator: UInt16, final: DownlinkTDoAMessage, receivedAt time: DeviceTime) {
        lastRoundMessages = heard.heard.count
        var anchors: [Anchor] = []
        var responses: [DownlinkTDoARound.Response] = []
        anchors.reserveCapacity(heard.heard.count)
        responses.reserveCapacity(heard.heard.count)
        anchors.append(Anchor(name: anchorName(initiator), position: heard.poll.anchorPosition))
        var fromCarrier: [String] = []
        for response in heard.heard {
            guard case .response(let replyTime, let offset, let flight) = response.message.kind else { continue }
            let name = anchorName(response.anchor)
            let clock = clocks.clockRatio(
                of: response.anchor, to: initiator, pollSent: heard.poll.transmitted,
                pollReceived: response.message.transmitted - replyTime, initiatorClockOffset: offset)
            if !clock.fromRounds { fromCarrier.append(name) }
            anchors.append(Anchor(name: name, position: response.message.anchorPosition))
            responses.append(DownlinkTDoARound.Response(
                responder: name, replyTime: replyTime, clockRatio: clock.ratio, received: response.received, timeOfFlight: flight))
        }
        let tagClock = ownClock.clockRatio(
            of: initiator, to: initiator, pollSent: heard.poll.transmitted, pollReceived: heard.pollReceived,
            initiatorClockOffset: heard.heard[0].clockOffset)
        completeRounds += 1
        onRound(DownlinkTDoAObservation(
            network: network, roundNumber: heard.number, anchors: anchors,
            round: DownlinkTDoARound(
                initiator: anchors[0].name, pollSent: heard.poll.transmitted, finalSent: final.transmitted,
                pollReceived: heard.pollReceived, finalReceived: time, responses: responses,
                tagClockRatio: tagClock.fromRounds ? tagClock.ratio : nil),
            responderRatesFromCarrier: fromCarrier, messages: heard.heard))
    }

    /// The name of the anchor at short address `address`, made once.
    private func anchorName(_ address: UInt16) -> String {
        if let name = anchorNames[address] {
            return name
        }
        let name = DownlinkTDoAObservation.anchorName(address)
        anchorNames[address] = name
        return name
    }

    private func listen() {
        do {
            try radio.transceivers.first?.enableReceiver(.untilTurnedOff)
        } catch {
            lastError = error
        }
    }
}
