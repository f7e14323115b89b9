import Foundation
import UWBCore

/// Turns the finished rounds with one peer into measurements: the secure-timestamp checks of a
/// configuration with an STS, DS-TWR from the six timestamps, corrections, quality figures,
/// direction from the phases of the board's coherent antennas, field-of-view gating, and the
/// distance and direction filters.
///
/// One builder per peer and role: it holds that peer's filters.
public final class MeasurementBuilder {
    /// The radio configuration (PRF and bandwidth select the range-bias table, the data rate the
    /// sensitivity, an STS the secure-timestamp checks).
    public let configuration: RadioConfig
    /// The corrections applied to each raw distance.
    public let correction: RangeCorrection
    /// The board's coherent antennas, or `nil` for a single-chip board (distance only).
    public let array: AntennaArray?
    /// The cone in which a direction is reported.
    public let fieldOfView: FieldOfView

    private var distanceFilter: DistanceFilter
    private var directionFilter = DirectionFilter()
    private var clock: (last: DeviceTime, elapsed: Duration)?
    /// When the previous measurement was made.
    private var previousTime: Duration?

    /// A builder for one peer.
    public init(
        configuration: RadioConfig, correction: RangeCorrection = RangeCorrection(), array: AntennaArray?,
        fieldOfView: FieldOfView = FieldOfView(), filterTuning: DistanceFilterTuning = .walkingPerson
    ) {
        self.configuration = configuration
        self.correction = correction
        self.array = array
        self.fieldOfView = fieldOfView
        self.distanceFilter = DistanceFilter(tuning: filterTuning)
    }

    /// A builder for one peer of a device with `board`: with the board's coherent antennas as the
    /// array if it has more than one (two chips on one clock, or the two ports of a DW3x20), at
    /// the configured channel's wavelength; distance only otherwise.
    ///
    /// - Throws: ``DirectionError`` if the board's antenna geometry cannot form an array.
    public convenience init(board: BoardDescription, configuration: RadioConfig, fieldOfView: FieldOfView = FieldOfView())
        throws(DirectionError) {
        let array = board.coherentReceivers > 1 ? try AntennaArray(board: board, channel: configuration.channel) : nil
        self.init(configuration: configuration, array: array, fieldOfView: fieldOfView)
    }

    /// The measurement of a finished round.
    ///
    /// With an STS in the configuration, every frame whose arrival time enters the round on this
    /// side (RESPONSE for the initiator, POLL and FINAL for the responder) must pass
    /// ``SecureTimestampCheck`` on the chip that timed it (chip 0), and its STS time replaces the
    /// preamble's in the time of flight. A round with a frame that fails gives a measurement with
    /// the failed checks in ``RangingMeasurement/qualityFlags``, no distance and no direction; the
    /// filters do not see it, so the filtered distance is the one before the round.
    ///
    /// - Parameter time: when the round finished, on a monotonic clock of the caller's (the host's,
    ///   or the emulator's); `nil` unwraps the device clock instead, which folds gaps longer than its
    ///   17.2 s wrap, so give a time whenever rounds may be that far apart.
    public func measurement(of round: CompletedRound, at time: Duration? = nil) -> RangingMeasurement {
        let received = Self.receivedMessages(for: round.role)
        let last = received.compactMap { round.receptions[$0]?.first ?? nil }.last
        let deviceTime = advanceClock(
            to: round.role == .initiator ? round.timestamps.responseReceived : round.timestamps.finalReceived)
        let time = time ?? deviceTime
        let (timestamps, flags) = checkedTimestamps(round)
        let trusted = flags.isDisjoint(with: .withholdsDistance)

        let flight = trusted ? try? TwoWayRanging.doubleSided(timestamps) : nil
        let raw = flight.map { flight in
            last.map { correction.corrected(
                flight.distance, receivedLevel: $0.receivedLevel, prf: configuration.pulseRepetitionFrequency,
                wideband: configuration.channel.isWideband) } ?? flight.distance
        }
        let filtered = raw.flatMap { try? distanceFilter.update(at: time, measured: $0).distance }
        let nlos = last.map { NLOSLikelihood.fromLevels(receivedLevel: $0.receivedLevel, firstPathLevel: $0.firstPathLevel) } ?? 1
        let disagreement = zip2(flight, round.reportedTimeOfFlight).map { own, reported in
            Distance(metres: abs(own.distance.metres - TimeOfFlight(ticks: reported.ticks).distance.metres))
        }
        let merit = last.map {
            FigureOfMerit.score(
                receivedLevel: $0.receivedLevel, sensitivity: configuration.dataRate.typicalSensitivity,
                nlosLikelihood: nlos, disagreement: disagreement, retries: round.attempt - 1)
        } ?? 0
        let phases = receivedPhases(round, messages: received)
        // A direction needs the direct path: its phase is what the antennas compare. Without line
        // of sight (NLOS likelihood of at least one half) none is reported, as NearbyInteraction does.
        let rawDirection = nlos < Self.directionNLOSLimit && trusted
            ? fieldOfView.gated(estimateDirection(phases))
            : DirectionEstimate(direction: nil, horizontalAngle: nil)
        let direction = directionFilter.update(at: time, rawDirection)
        let interval = previousTime.map { time - $0 }
        previousTime = time
        return RangingMeasurement(
            peer: round.peer, role: round.role, round: round.round, time: time, interval: interval, distance: filtered,
            rawDistance: raw,
            direction: direction.direction, horizontalAngle: direction.horizontalAngle,
            rawDirection: rawDirection.direction, rawHorizontalAngle: rawDirection.horizontalAngle, timestamps: timestamps,
            receivedLevel: last?.receivedLevel, firstPathLevel: last?.firstPathLevel, firstPathIndex: last?.firstPathIndex,
            preambleSymbolsAccumulated: last?.preambleSymbolsAccumulated, nlosLikelihood: nlos,
            figureOfMerit: trusted ? merit : 0, phaseDifferences: phaseDifferences(phases), qualityFlags: flags)
    }

    /// The round's timestamps with this side's receive times replaced by their secure
    /// timestamps, and the checks they failed; the timestamps unchanged and no flags when the
    /// configuration has no STS.
    private func checkedTimestamps(_ round: CompletedRound) -> (RoundTimestamps, RangingQualityFlags) {
        guard configuration.secureTimestamps != nil else { return (round.timestamps, []) }
        var timestamps = round.timestamps
        var flags: RangingQualityFlags = []
        let timed: [(RangingMessageType, WritableKeyPath<RoundTimestamps, DeviceTime>)] = round.role == .initiator
            ? [(.response, \.responseReceived)]
            : [(.poll, \.pollReceived), (.final, \.finalReceived)]
        for (message, path) in timed {
            let reading = round.receptions[message]?.first??.secureTimestamp
            do {
                timestamps[keyPath: path] = try SecureTimestampCheck.trustedTime(of: reading, preambleTime: timestamps[keyPath: path])
            } catch {
                flags.insert(error.flag)
            }
        }
        return (timestamps, flags)
    }

    /// The NLOS likelihood from which no direction is reported: one half, halfway between the
    /// User Manual's 6 dB and 10 dB thresholds.
    public static let directionNLOSLimit = 0.5

    /// The messages a side receives in a round, in order.
    static func receivedMessages(for role: RangingRole) -> [RangingMessageType] {
        role == .initiator ? [.response, .report] : [.poll, .final]
    }

    /// The phases of each of `messages` the round received, indexed like the array's elements
    /// (``PhaseSource/phases(of:)``), taken once for the direction and the phase differences; none
    /// without an array.
    private func receivedPhases(_ round: CompletedRound, messages: [RangingMessageType]) -> [[Angle?]] {
        guard let array else { return [] }
        return messages.compactMap { message in round.receptions[message].map(array.source.phases(of:)) }
    }

    /// The mean of the directions of the received frames (their `phases`, per frame) that every
    /// coherent chip heard.
    private func estimateDirection(_ phases: [[Angle?]]) -> DirectionEstimate {
        guard let array else { return DirectionEstimate(direction: nil, horizontalAngle: nil) }
        let estimates = phases.compactMap { try? array.direction(phases: $0) }
        guard !estimates.isEmpty else { return DirectionEstimate(direction: nil, horizontalAngle: nil) }
        let vectors = estimates.compactMap(\.direction)
        let sum = vectors.reduce(Vector3.zero, +)
        let angles = estimates.compactMap(\.horizontalAngle)
        let angle = angles.isEmpty ? nil : Angle(radians: atan2(
            angles.map { sin($0.radians) }.reduce(0, +), angles.map { cos($0.radians) }.reduce(0, +)))
        return DirectionEstimate(
            direction: vectors.isEmpty || sum.length == 0 ? nil : sum * (1 / sum.length), horizontalAngle: angle)
    }

    /// The circular mean, per non-reference element, of the raw phase differences of the received
    /// frames (their `phases`, per frame) that every coherent chip heard; nil without an array or
    /// such a frame.
    private func phaseDifferences(_ phases: [[Angle?]]) -> [Angle]? {
        guard let array else { return nil }
        let rows = phases.compactMap { try? array.phaseDifferences(phases: $0) }
        guard let first = rows.first else { return nil }
        return first.indices.map { index in
            Angle(radians: atan2(rows.map { sin($0[index].radians) }.reduce(0, +), rows.map { cos($0[index].radians) }.reduce(0, +)))
        }
    }

    /// The device clock unwrapped into a duration since the first round (spans mod 2⁴⁰ ticks).
    private func advanceClock(to time: DeviceTime) -> Duration {
        let elapsed = clock.map { $0.elapsed + time.elapsed(since: $0.last).duration } ?? .zero
        clock = (time, elapsed)
        return elapsed
    }
}

/// Both values, when both are present.
private func zip2<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
