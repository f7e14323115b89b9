import Foundation
import Testing
import UWBCore
import UWBRanging

/// Rounds with a scrambled timestamp sequence, made by hand: the builder times this side's
/// receptions by their secure timestamps, and a round whose STS is missing, weak or far from the
/// preamble's timestamp gives no distance, says why, and leaves the filtered distance alone.
@Suite("Secure timestamps: STS checks in the measurement")
struct SecureTimestampRangingTests {
    /// The default configuration with an SP1 STS of 64 symbols.
    static func configuration() throws -> RadioConfig {
        let secret = try SecureTimestampSecret(octets: Array(0..<16), field: "STS key")
        return RadioConfig.ranging.withSecureTimestamps(
            SecureTimestampConfiguration(mode: .afterFrameDelimiter, length: .symbols64, key: secret, initializationVector: secret))
    }
    /// The true time of flight of ``MeasurementBuilderTests/round(role:level:firstPath:phases:reported:attempt:start:)``.
    static let flight = MeasurementBuilderTests.flight

    /// A round in which this side's timed receptions carry STS readings: the true arrival time,
    /// with the preamble (Ipatov) timestamp in the round moved `preambleShift` ticks (negative:
    /// earlier, as a distance-reduction attack makes it) and the given quality verdict.
    static func round(
        role: RangingRole = .initiator, preambleShift: Int64 = 0, isGood: Bool = true, withReading: Bool = true, start: UInt64 = 5_000_000
    ) -> CompletedRound {
        var round = MeasurementBuilderTests.round(role: role, level: -77, firstPath: -80, start: start)
        let timed: [(RangingMessageType, WritableKeyPath<RoundTimestamps, DeviceTime>)] = role == .initiator
            ? [(.response, \.responseReceived)]
            : [(.poll, \.pollReceived), (.final, \.finalReceived)]
        for (message, path) in timed {
            let truth = round.timestamps[keyPath: path]
            if withReading, var diagnostics = round.receptions[message]?.first ?? nil {
                diagnostics.secureTimestamp = SecureTimestampReading(time: truth, quality: isGood ? 900 : 40, isGood: isGood)
                round.receptions[message] = [diagnostics]
            }
            round.timestamps[keyPath: path] = truth + DeviceDuration(ticks: preambleShift)
        }
        return round
    }

    static func ticks(_ distance: Distance?) throws -> Double {
        try #require(distance).metres / DeviceDuration(ticks: 1).lightTravelDistance.metres
    }

    @Test("a good STS that agrees: the same distance as without an STS, no flags")
    func good() throws {
        let secured = MeasurementBuilder(configuration: try Self.configuration(), array: nil).measurement(of: Self.round())
        let plain = MeasurementBuilder(configuration: .ranging, array: nil).measurement(of: MeasurementBuilderTests.round())
        #expect(secured.qualityFlags.isEmpty)
        #expect(secured.rawDistance == plain.rawDistance && secured.distance != nil)
        #expect(secured.figureOfMerit == plain.figureOfMerit)
    }

    @Test("a preamble timestamp early within the tolerance: the STS time is used, the distance unchanged", arguments: [
        RangingRole.initiator, .responder,
    ])
    func earlyWithinTolerance(role: RangingRole) throws {
        let shift = -(SecureTimestampCheck.tolerance.ticks - 8)
        let truth = MeasurementBuilder(configuration: try Self.configuration(), array: nil).measurement(of: Self.round(role: role))
        let attacked = MeasurementBuilder(configuration: try Self.configuration(), array: nil)
            .measurement(of: Self.round(role: role, preambleShift: shift))
        #expect(attacked.qualityFlags.isEmpty)
        #expect(attacked.rawDistance == truth.rawDistance)
    }

    @Test("an early preamble (distance-reduction attack) is flagged as a mismatch and gives no distance", arguments: [
        RangingRole.initiator, .responder,
    ])
    func attack(role: RangingRole) throws {
        let builder = MeasurementBuilder(configuration: try Self.configuration(), array: nil)
        let before = builder.measurement(of: Self.round(role: role))
        let filtered = try #require(before.distance)
        // 600 ticks early: a plain receiver would measure 2.8 m less (the responder is hit twice).
        let attacked = builder.measurement(of: Self.round(role: role, preambleShift: -600, start: 9_000_000))
        #expect(attacked.qualityFlags == .secureTimestampMismatch)
        #expect(attacked.distance == nil && attacked.rawDistance == nil)
        #expect(attacked.figureOfMerit == 0 && attacked.horizontalAngle == nil)
        // The filter never saw it: the next genuine round continues from the distance before.
        let after = builder.measurement(of: Self.round(role: role, start: 13_000_000))
        #expect(abs(try #require(after.distance).metres - filtered.metres) < 0.01)
        // And without an STS the same round would have been shortened: what the check prevents.
        let plain = MeasurementBuilder(configuration: .ranging, array: nil)
            .measurement(of: Self.round(role: role, preambleShift: -600))
        #expect(try Self.ticks(plain.rawDistance) < Double(Self.flight) - 250)
    }

    @Test("a late preamble beyond the tolerance is a mismatch too")
    func late() throws {
        let measurement = MeasurementBuilder(configuration: try Self.configuration(), array: nil)
            .measurement(of: Self.round(preambleShift: SecureTimestampCheck.tolerance.ticks + 1))
        #expect(measurement.qualityFlags == .secureTimestampMismatch && measurement.distance == nil)
    }

    @Test("an STS of low quality is flagged and gives no distance")
    func lowQuality() throws {
        let measurement = MeasurementBuilder(configuration: try Self.configuration(), array: nil)
            .measurement(of: Self.round(role: .responder, isGood: false))
        #expect(measurement.qualityFlags == .secureTimestampQualityLow)
        #expect(measurement.distance == nil && measurement.rawDistance == nil)
    }

    @Test("a reception without a secure timestamp is flagged as missing")
    func missing() throws {
        let measurement = MeasurementBuilder(configuration: try Self.configuration(), array: nil)
            .measurement(of: Self.round(withReading: false))
        #expect(measurement.qualityFlags == .secureTimestampMissing && measurement.distance == nil)
    }

    @Test("without an STS in the configuration, readings are ignored")
    func noSTS() {
        let measurement = MeasurementBuilder(configuration: .ranging, array: nil).measurement(of: Self.round(isGood: false))
        #expect(measurement.qualityFlags.isEmpty && measurement.distance != nil)
    }

    @Test("the check: the STS time when trusted, the reason otherwise")
    func check() throws {
        let time = DeviceTime(wrapping: 1_000_000)
        let good = SecureTimestampReading(time: time, quality: 900, isGood: true)
        #expect(try SecureTimestampCheck.trustedTime(of: good, preambleTime: time - SecureTimestampCheck.tolerance) == time)
        #expect(try SecureTimestampCheck.trustedTime(of: good, preambleTime: time + SecureTimestampCheck.tolerance) == time)
        #expect(throws: SecureTimestampRejection.mismatch) {
            try SecureTimestampCheck.trustedTime(of: good, preambleTime: time - SecureTimestampCheck.tolerance - DeviceDuration(ticks: 1))
        }
        #expect(throws: SecureTimestampRejection.qualityLow) {
            try SecureTimestampCheck.trustedTime(of: SecureTimestampReading(time: time, quality: 10, isGood: false), preambleTime: time)
        }
        #expect(throws: SecureTimestampRejection.missing) { try SecureTimestampCheck.trustedTime(of: nil, preambleTime: time) }
        // Across the 40-bit wrap the difference is still the short one.
        let wrapped = SecureTimestampReading(time: DeviceTime(wrapping: 5), quality: 900, isGood: true)
        #expect(try SecureTimestampCheck.trustedTime(of: wrapped, preambleTime: DeviceTime.max) == DeviceTime(wrapping: 5))
        // 128 ticks is 2.00 ns.
        #expect(abs(SecureTimestampCheck.tolerance.seconds - 2.0e-9) < 0.01e-9)
    }
}
