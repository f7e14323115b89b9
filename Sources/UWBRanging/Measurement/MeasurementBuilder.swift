import Foundation
import UWBCore

/// Turns the finished rounds with one peer into measurements: DS-TWR from the six timestamps,
/// corrections, quality figures, direction from the carrier phases of the board's coherent
/// receivers, field-of-view gating, and the distance and direction filters.
///
/// One builder per peer and role: it holds that peer's filters.
public final class MeasurementBuilder {
    /// The radio configuration (PRF and bandwidth select the range-bias table, the data rate the
    /// sensitivity).
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
    /// array if it has more than one, distance only otherwise.
    ///
    /// - Throws: ``DirectionError`` if the board's antenna geometry cannot form an array.
    public convenience init(board: BoardDescription, configuration: RadioConfig, fieldOfView: FieldOfView = FieldOfView())
        throws(DirectionError) {
        let array = board.coherentReceivers > 1 ? try AntennaArray(board: board, channel: configuration.channel) : nil
        self.init(configuration: configuration, array: array, fieldOfView: fieldOfView)
    }

    /// The measurement of a finished round.
    ///
    /// - Parameter time: when the round finished, on a monotonic clock of the caller's (the host's,
    ///   or the emulator's); `nil` unwraps the device clock instead, which folds gaps longer than its
    ///   17.2 s wrap, so give a time whenever rounds may be that far apart.
    public func measurement(of round: CompletedRound, at time: Duration? = nil) -> RangingMeasurement {
        let timestamps = round.timestamps
        let received = Self.receivedMessages(for: round.role)
        let last = received.compactMap { round.receptions[$0]?.first ?? nil }.last
        let deviceTime = advanceClock(to: round.role == .initiator ? timestamps.responseReceived : timestamps.finalReceived)
        let time = time ?? deviceTime

        let flight = try? TwoWayRanging.doubleSided(timestamps)
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
        let rawDirection = nlos < Self.directionNLOSLimit
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
            receivedLevel: last?.receivedLevel, firstPathLevel: last?.firstPathLevel, nlosLikelihood: nlos,
            figureOfMerit: merit, phaseDifferences: phaseDifferences(phases))
    }

    /// The NLOS likelihood from which no direction is reported: one half, halfway between the
    /// User Manual's 6 dB and 10 dB thresholds.
    public static let directionNLOSLimit = 0.5

    /// The messages a side receives in a round, in order.
    static func receivedMessages(for role: RangingRole) -> [RangingMessageType] {
        role == .initiator ? [.response, .report] : [.poll, .final]
    }

    /// The first-path phases of each of `messages` the round received, indexed by chip (as
    /// ``AntennaArray`` reads them), taken once for the direction and the phase differences; none
    /// without an array.
    private func receivedPhases(_ round: CompletedRound, messages: [RangingMessageType]) -> [[Angle?]] {
        guard array != nil else { return [] }
        return messages.compactMap { message in round.receptions[message].map { $0.map { $0?.firstPathPhase } } }
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
