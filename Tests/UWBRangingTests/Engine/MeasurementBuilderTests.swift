import Foundation
import Testing
import UWBCore
import UWBRanging
import UWBTestSupport

/// Rounds made by hand with a known time of flight on equal clocks, and what the builder must
/// make of them, worked out from the formulas in Docs/ranging.md.
@Suite("MeasurementBuilder: rounds to measurements")
struct MeasurementBuilderTests {
    /// 1000 ticks of flight (4.6918 m), replies of 0.5 ms and 3 ms, on equal clocks.
    static let flight: Int64 = 1000

    static func round(
        role: RangingRole = .initiator, level: Double = -77, firstPath: Double = -80, phases: [Angle?] = [nil],
        reported: Double? = nil, attempt: Int = 1, start: UInt64 = 5_000_000
    ) -> CompletedRound {
        let pollTx = DeviceTime(wrapping: start)
        let pollRx = pollTx + DeviceDuration(ticks: flight)
        let responseTx = pollRx + DeviceDuration(ticks: 31_948_800)
        let responseRx = responseTx + DeviceDuration(ticks: flight)
        let finalTx = responseRx + DeviceDuration(ticks: 191_692_800)
        let finalRx = finalTx + DeviceDuration(ticks: flight)
        let diagnostics = phases.map { phase in
            ReceptionDiagnostics(
                receivedLevel: PowerLevel(dBm: level), firstPathLevel: PowerLevel(dBm: firstPath), clockOffset: .zero,
                carrierPhase: .zero, firstPathIndex: 750, preambleSymbolsAccumulated: 100, firstPathPhase: phase) as ReceptionDiagnostics?
        }
        let messages: [RangingMessageType] = role == .initiator ? [.response, .report] : [.poll, .final]
        return CompletedRound(
            session: SessionIdentifier(rawValue: 1), round: 1, peer: 2, role: role, attempt: attempt,
            timestamps: RoundTimestamps(
                pollTransmitted: pollTx, pollReceived: pollRx, responseTransmitted: responseTx,
                responseReceived: responseRx, finalTransmitted: finalTx, finalReceived: finalRx),
            receptions: Dictionary(uniqueKeysWithValues: messages.map { ($0, diagnostics) }),
            reportedTimeOfFlight: reported.flatMap { ReportedTimeOfFlight(ticks: $0) })
    }

    static let tick = DeviceDuration(ticks: 1).lightTravelDistance.metres

    @Test("distance: DS-TWR minus the APS011 bias at the received level; the filter starts there")
    func distance() throws {
        let builder = MeasurementBuilder(configuration: .ranging, array: nil)
        let measurement = builder.measurement(of: Self.round(level: -87))
        // 1000 ticks = 4.6918 m; APS011 at −87 dBm, 64 MHz PRF: +6.2 cm measured too long.
        let raw = try #require(measurement.rawDistance).metres
        #expect(abs(raw - (1000 * Self.tick - 0.062)) < 1e-6)
        #expect(measurement.distance == measurement.rawDistance)
        #expect(measurement.direction == nil && measurement.horizontalAngle == nil)
    }

    @Test("NLOS likelihood and figure of merit follow the levels and the two sides' agreement")
    func quality() {
        let builder = MeasurementBuilder(configuration: .ranging, array: nil)
        // RX − FP = 8 dB: halfway between 6 and 10 dB.
        let blocked = builder.measurement(of: Self.round(level: -73, firstPath: -81))
        #expect(abs(blocked.nlosLikelihood - 0.5) < 1e-9)
        // 20 dB above −93 dBm, line of sight, both sides agree exactly: full marks.
        let clear = MeasurementBuilder(configuration: .ranging, array: nil)
            .measurement(of: Self.round(level: -73, firstPath: -76, reported: 1000))
        #expect(abs(clear.figureOfMerit - 1) < 1e-9)
        // Sides 10 cm apart halve it: 1/(1 + 1²).
        let disagreeing = MeasurementBuilder(configuration: .ranging, array: nil)
            .measurement(of: Self.round(level: -73, firstPath: -76, reported: 1000 + 0.1 / Self.tick))
        #expect(abs(disagreeing.figureOfMerit - 0.5) < 1e-3)
    }

    @Test("an impossible round gives a measurement without distance")
    func impossible() {
        var round = Self.round()
        round.timestamps.finalReceived = round.timestamps.finalTransmitted
        round.timestamps.responseReceived = round.timestamps.pollTransmitted
        let measurement = MeasurementBuilder(configuration: .ranging, array: nil).measurement(of: round)
        #expect(measurement.distance == nil && measurement.rawDistance == nil)
    }

    @Test("a three-chip board gives the direction of a plane wave; outside the field of view none", arguments: [
        (20.0, 10.0, true), (-35.0, 0.0, true), (70.0, 0.0, false),
    ])
    func direction(azimuth: Double, elevation: Double, inside: Bool) throws {
        let board = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-triple.json"))
        let array = try AntennaArray(board: board, channel: .five)
        let (a, e) = (azimuth * .pi / 180, elevation * .pi / 180)
        let truth = Vector3(x: sin(a) * cos(e), y: sin(e), z: -cos(a) * cos(e))
        // Δφ = 2π(b·u)/λ relative to the first chip, for the board's antenna positions.
        let wavelength = Channel.five.centreFrequency.wavelength.metres
        let phases = board.chips.map { chip -> Angle? in
            Angle(radians: 2 * .pi * chip.antennaPosition.metres.dot(truth) / wavelength).wrapped
        }
        let measurement = MeasurementBuilder(configuration: .ranging, array: array).measurement(of: Self.round(phases: phases))
        if inside {
            let direction = try #require(measurement.direction)
            #expect((direction - truth).length < 0.002)
            // NearbyInteraction's horizontal angle is the azimuth, whatever the elevation.
            #expect(abs(try #require(measurement.horizontalAngle).radians - a) < 0.002)
        } else {
            #expect(measurement.direction == nil && measurement.horizontalAngle == nil)
        }
    }

    @Test("an array that is not the board's first chips: each chip's phase is read at its own index")
    func arrayOnLaterChips() throws {
        // A four-chip board whose chip 0 has a clock of its own: the array is chips 1, 2 and 3,
        // with the triple board's antenna positions.
        let triple = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-triple.json"))
        let elements = triple.chips.enumerated().map { index, chip in
            AntennaElement(chip: index + 1, position: chip.antennaPosition.metres, phaseOffset: .zero)
        }
        let wavelength = Channel.five.centreFrequency.wavelength
        let array = try AntennaArray(elements: elements, wavelength: wavelength)
        let a = 25 * Double.pi / 180
        let truth = Vector3(x: sin(a), y: 0, z: -cos(a))
        // Chip 0 hears the frame too, at a phase that has nothing to do with the array's.
        let phases = [Angle(radians: 2.5)] + elements.map { element -> Angle? in
            Angle(radians: 2 * .pi * element.position.dot(truth) / wavelength.metres).wrapped
        }
        let measurement = MeasurementBuilder(configuration: .ranging, array: array).measurement(of: Self.round(phases: phases))
        let direction = try #require(measurement.direction)
        #expect((direction - truth).length < 0.002)
        // The raw differences: chips 2 and 3 against chip 1, 2π(b·u)/λ each.
        let differences = try #require(measurement.phaseDifferences)
        let expected = array.elements.dropFirst().map { element in
            Angle(radians: 2 * .pi * (element.position - elements[0].position).dot(truth) / wavelength.metres).wrapped
        }
        #expect(differences.count == 2)
        for (measured, wanted) in zip(differences, expected) {
            #expect(abs((measured - wanted).wrapped.radians) < 1e-9)
        }
    }

    @Test("no direction without line of sight, even with every phase")
    func noDirectionWhenBlocked() throws {
        let board = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-triple.json"))
        let array = try AntennaArray(board: board, channel: .five)
        // RX − FP = 12 dB: NLOS likelihood 1. Boresight phases (all zero) would give u = −z.
        let measurement = MeasurementBuilder(configuration: .ranging, array: array)
            .measurement(of: Self.round(level: -80, firstPath: -92, phases: [.zero, .zero, .zero]))
        #expect(measurement.nlosLikelihood == 1)
        #expect(measurement.direction == nil && measurement.horizontalAngle == nil)
        #expect(measurement.distance != nil)
    }

    @Test("the clock behind the filter keeps counting across the 40-bit wrap")
    func wrap() {
        let builder = MeasurementBuilder(configuration: .ranging, array: nil)
        let first = builder.measurement(of: Self.round(start: DeviceClock.maximumTicks - 300_000_000))
        let second = builder.measurement(of: Self.round(start: 500_000_000))
        #expect(first.time == .zero)
        // 800 000 000 ticks later by the forward span across the wrap: 12.52 ms.
        #expect(abs(second.time.secondsValue - 800_000_001.0 / 63.8976e9) < 1e-6)
    }
}
