import Testing
import UWBCore
@testable import UWBEmulator

/// The STS model (`SecureTimestampCorrelation`): a genuine STS gives its true first path and a
/// high quality; an early attacker's frame moves the preamble's timestamp but not the STS's; an
/// STS without the key, or a receiver with another key or IV, gives a low quality.
@Suite("STS model")
struct SecureTimestampModelTests {
    static let key = try! SecureTimestampSecret(octets: Array(0..<16), field: "key")
    static let otherKey = try! SecureTimestampSecret(octets: Array(16..<32), field: "key")
    static let iv = try! SecureTimestampSecret(octets: Array(repeating: 7, count: 16), field: "IV")

    static func arrival(at rmarker: Int64, level: Double, key: SecureTimestampSecret?) -> Arrival {
        let sequence = key.map {
            TransmittedSecureTimestamp(mode: .afterFrameDelimiter, length: .symbols64, key: $0, initializationVector: iv)
        }
        let transmission = Transmission(
            frame: [1, 2, 3], configuration: .ranging, start: SimulationTime(picoseconds: rmarker - 1_000_000),
            rmarker: SimulationTime(picoseconds: rmarker), end: SimulationTime(picoseconds: rmarker + 1_000_000),
            power: PowerLevel(dBm: -14.3), clockOffset: .zero, rangingBit: true, secureTimestamp: sequence)
        return Arrival(
            transmission: transmission, transmissionIndex: 0, sender: 0, start: transmission.start, rmarker: transmission.rmarker,
            end: transmission.end, receivedLevel: PowerLevel(dBm: level), firstPathLevel: PowerLevel(dBm: level - 3),
            timestampError: 0, carrierPhase: .zero, detectable: true, decodable: true)
    }

    static func correlate(lockedOnto locked: Arrival, onAir: [Arrival], key: SecureTimestampSecret = key) -> SecureTimestampCorrelation {
        var random = SeededRandom(seed: 3)
        return SecureTimestampCorrelation(
            expecting: .afterFrameDelimiter, length: .symbols64, key: key, initializationVector: iv, lockedOnto: locked,
            candidates: onAir.compactMap(SecureTimestampOnAir.init), random: &random)
    }

    @Test("a genuine STS at a good level: full quality, the preamble's own first path")
    func genuine() {
        let frame = Self.arrival(at: 10_000_000, level: -70, key: Self.key)
        let result = Self.correlate(lockedOnto: frame, onAir: [frame])
        #expect(result.quality == 64)
        #expect(result.offsetSeconds == 0)
        #expect(SecureTimestampCorrelation.isGood(quality: result.quality, length: .symbols64))
    }

    @Test("an early attacker's frame: the STS timestamp stays at the genuine frame's first path")
    func earlyAttacker() {
        // The attacker's frame (no key, so a sequence it made up) arrives 20 ns before the genuine one.
        let attacker = Self.arrival(at: 10_000_000, level: -60, key: Self.otherKey)
        let genuine = Self.arrival(at: 10_020_000, level: -75, key: Self.key)
        let result = Self.correlate(lockedOnto: attacker, onAir: [attacker, genuine])
        #expect(abs(result.offsetSeconds - 20e-9) < 1e-15)
        #expect(SecureTimestampCorrelation.isGood(quality: result.quality, length: .symbols64))
    }

    @Test("an attacker alone, with its own STS and no key: low quality")
    func attackerAlone() {
        let attacker = Self.arrival(at: 10_000_000, level: -60, key: Self.otherKey)
        let result = Self.correlate(lockedOnto: attacker, onAir: [attacker])
        #expect(!SecureTimestampCorrelation.isGood(quality: result.quality, length: .symbols64))
        #expect(abs(result.quality) <= 8)
    }

    @Test("a receiver with another key: low quality")
    func keyMismatch() {
        let frame = Self.arrival(at: 10_000_000, level: -70, key: Self.key)
        let result = Self.correlate(lockedOnto: frame, onAir: [frame], key: Self.otherKey)
        #expect(!SecureTimestampCorrelation.isGood(quality: result.quality, length: .symbols64))
    }

    @Test("channel 9 loses 20·log10(7987.2/6489.6) = 1.80 dB more than channel 5 (Friis)")
    func channelNineLoss() {
        // 7987.2 / 6489.6 = 1.230769…; log10 = 0.090177; × 20 = 1.8035 dB, worked by hand.
        let term = PathLossModel.frequencyTerm(from: Channel.five.centreFrequency, to: Channel.nine.centreFrequency)
        #expect(abs(term.decibels - 1.8035) < 0.0005)
        let five = PathLossModel.freeSpaceLoss(at: Distance(metres: 3), frequency: Channel.five.centreFrequency)
        let nine = PathLossModel.freeSpaceLoss(at: Distance(metres: 3), frequency: Channel.nine.centreFrequency)
        #expect(abs(nine.decibels - five.decibels - term.decibels) < 1e-9)
    }
}
