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
    public let network: PANIdentifier
    /// The anchor's short address.
    public let address: UInt16
    /// Its surveyed position, which its frames carry.
    public let position: Position
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

    /// The radio. `unowned`: the radio's owner keeps the anchor, not the other way.
    private unowned let radio: any RadioHost
    private let clock: TransmitClock
    private var round: UInt16 = 0
    /// The Poll's TX timestamp while the initiator's Final is still to be scheduled.
    private var pollSent: DeviceTime?

    /// An anchor on `radio`.
    ///
    /// - Throws: ``DownlinkTDoAFrameError/positionOutOfRange(_:)`` for a position its frames cannot carry.
    public init(
        on radio: any RadioHost, network: PANIdentifier, address: UInt16, position: Position, role: Role,
        schedule: DownlinkTDoASchedule
    ) throws(DownlinkTDoAFrameError) {
        let point = position.metres
        for coordinate in [point.x, point.y, point.z] where Int32(exactly: (coordinate * DownlinkTDoAFrame.positionUnitsPerMetre).rounded()) == nil {
            throw .positionOutOfRange(position)
        }
        self.radio = radio
        self.network = network
        self.address = address
        self.position = position
        self.role = role
        self.schedule = schedule
        let capabilities = radio.transceivers.first?.capabilities
        clock = TransmitClock(
            granularity: capabilities?.delayedTransmitGranularity ?? .zero,
            antennaDelay: radio.board.chips.first?.calibration.txAntennaDelay ?? .zero)
    }

    /// Starts at the loop's start.
    public func radioStarted() {
        start()
    }

    /// Starts: an initiator schedules its first round, a responder listens. Loop only.
    public func start() {
        switch role {
        case .initiator(let period, let firstRound):
            radio.schedule(after: firstRound) { [weak self] in
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
                send(.final, startingAt: start(forTimestamp: pollSent + ticks(schedule.finalDelay)), to: .broadcast)
            }
        case (.responder(let initiator, let slot), .frameReceived(let received)):
            if let frame = try? DownlinkTDoAFrame.decoded(from: received.frame), frame.network == network,
                frame.anchor == initiator, frame.message.kind == .poll {
                answer(
                    frame.message, of: initiator, receivedAt: received.rangeBiasCorrectedTimestamp(configuration: radio.configuration),
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
        radio.schedule(after: period) { [weak self] in
            self?.openRound(every: period)
        }
        guard let transceiver = radio.transceivers.first else { return }
        do {
            try transceiver.turnOff()
            let now = try transceiver.systemTime()
            round &+= 1
            rounds += 1
            let earliest = now + ticks(schedule.configuration.synchronisationHeaderDuration + schedule.hostAllowance)
            pollSent = send(.poll, startingAt: clock.gridTime(notBefore: earliest), to: .broadcast)
        } catch {
            failed(error)
        }
    }

    /// Sends the Response to `poll` of `initiator`, received at `time` with the initiator's clock `offset`.
    private func answer(_ poll: DownlinkTDoAMessage, of initiator: UInt16, receivedAt time: DeviceTime, offset: ClockOffset, slot: Int) {
        let start = start(forTimestamp: time + ticks(schedule.responseDelay(slot: slot)))
        let replyTime = clock.timestamp(ofTransmissionAt: start).elapsed(since: time)
        round = poll.round
        rounds += 1
        send(.response(replyTime: replyTime, initiatorClockOffset: offset), startingAt: start, to: .short(initiator))
    }

    /// The delayed-TX start, on the grid, of a frame whose TX timestamp should be no earlier than `stamp`.
    private func start(forTimestamp stamp: DeviceTime) -> DeviceTime {
        clock.gridTime(notBefore: stamp - clock.antennaDelay)
    }

    /// Sends a `kind` message by delayed TX at `start` (on the grid), returning its TX timestamp,
    /// or `nil` if the radio refused it.
    @discardableResult
    private func send(_ kind: DownlinkTDoAMessage.Kind, startingAt start: DeviceTime, to destination: MACAddress) -> DeviceTime? {
        guard let transceiver = radio.transceivers.first else { return nil }
        let stamp = clock.timestamp(ofTransmissionAt: start)
        let message = DownlinkTDoAMessage(kind: kind, round: round, transmitted: stamp, anchorPosition: position)
        do {
            let octets = try DownlinkTDoAFrame(network: network, anchor: address, destination: destination, message: message).encoded()
            try transceiver.turnOff()
            try transceiver.transmit(octets, at: start, awaiting: nil)
            return stamp
        } catch let error as TransceiverError {
            failed(error)
        } catch {
            failed(.hardwareFault("\(error)"))
        }
        return nil
    }

    private func listen() {
        do {
            try radio.transceivers.first?.enableReceiver(.untilTurnedOff)
        } catch {
            failed(error)
        }
    }

    private func failed(_ error: TransceiverError) {
        failures += 1
        lastError = error
        if case .responder = role { listen() }
    }

    private func ticks(_ duration: Duration) -> DeviceDuration {
        DeviceDuration(ticks: Int64((duration.secondsValue * DeviceClock.ticksPerSecond).rounded(.up)))
    }
}
