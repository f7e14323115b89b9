import Testing
import UWBCore
@testable import UWBEmulator

/// The STS model (`SecureTimestampCorrelation`): a genuine STS on the air is found, and its quality grows
/// with the first-path level its accumulator reads; an early attacker's frame does not hide the genuine
/// one; an STS without the key, or a receiver with another key or IV, finds only noise: a low quality.
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
            transmission: transmission, order: TransmissionOrder(sender: 1, count: 0), sender: 0, start: transmission.start, rmarker: transmission.rmarker,
            end: transmission.end, receivedLevel: PowerLevel(dBm: level), channel: .direct(level: PowerLevel(dBm: level)),
            carrierPhase: .zero, detectable: true, decodable: true)
    }

    static func correlate(
        lockedOnto locked: Arrival, onAir: [Arrival], key: SecureTimestampSecret = key
    ) -> SecureTimestampCorrelation.Finding {
        var random = SeededRandom(seed: 3)
        return SecureTimestampCorrelation.find(
            expecting: .afterFrameDelimiter, length: .symbols64, key: key, initializationVector: iv, lockedOnto: locked,
            candidates: onAir.compactMap(SecureTimestampOnAir.init), random: &random)
    }

    @Test("a genuine STS is found: the locked frame's own")
    func genuine() {
        let frame = Self.arrival(at: 10_000_000, level: -70, key: Self.key)
        guard case .genuine(let found) = Self.correlate(lockedOnto: frame, onAir: [frame]) else {
            Issue.record("the genuine STS was not found")
            return
        }
        #expect(found.rmarker == frame.rmarker)
    }

    @Test("the quality: full at −87 dBm and above, none at −99 dBm, 60 % (good) from −91.8 dBm for 64 symbols")
    func quality() {
        // Silent at −99 dBm, full 12 dB above: the share at L is (L + 99)/12.
        #expect(SecureTimestampCorrelation.quality(firstPathLevel: PowerLevel(dBm: -80), length: .symbols64) == 64)
        #expect(SecureTimestampCorrelation.quality(firstPathLevel: PowerLevel(dBm: -87), length: .symbols64) == 64)
        #expect(SecureTimestampCorrelation.quality(firstPathLevel: PowerLevel(dBm: -99), length: .symbols64) == 0)
        // −93 dBm: 6/12 of 64 = 32, below the 60 % (38.4) line; −91.8 dBm: 7.2/12 of 64 = 38.4.
        #expect(SecureTimestampCorrelation.quality(firstPathLevel: PowerLevel(dBm: -93), length: .symbols64) == 32)
        #expect(!SecureTimestampCorrelation.isGood(quality: 32, length: .symbols64))
        #expect(SecureTimestampCorrelation.isGood(quality: 39, length: .symbols64))
    }

    @Test("an early attacker's frame: the genuine frame 20 ns later is the one found")
    func earlyAttacker() {
        // The attacker's frame (no key, so a sequence it made up) arrives 20 ns before the genuine one.
        let attacker = Self.arrival(at: 10_000_000, level: -60, key: Self.otherKey)
        let genuine = Self.arrival(at: 10_020_000, level: -75, key: Self.key)
        guard case .genuine(let found) = Self.correlate(lockedOnto: attacker, onAir: [attacker, genuine]) else {
            Issue.record("the genuine STS was not found")
            return
        }
        #expect(found.rmarker == genuine.rmarker)
    }

    @Test("an attacker alone, with its own STS and no key: noise, a low quality")
    func attackerAlone() {
        let attacker = Self.arrival(at: 10_000_000, level: -60, key: Self.otherKey)
        guard case .noise(let quality, let offset) = Self.correlate(lockedOnto: attacker, onAir: [attacker]) else {
            Issue.record("a sequence made without the key was taken for the genuine one")
            return
        }
        #expect(!SecureTimestampCorrelation.isGood(quality: quality, length: .symbols64))
        #expect(abs(quality) <= 8)
        #expect(abs(offset) <= SecureTimestampCorrelation.searchWindowSeconds)
    }

    @Test("a receiver with another key: noise")
    func keyMismatch() {
        let frame = Self.arrival(at: 10_000_000, level: -70, key: Self.key)
        guard case .noise(let quality, _) = Self.correlate(lockedOnto: frame, onAir: [frame], key: Self.otherKey) else {
            Issue.record("another key's STS was taken for the expected one")
            return
        }
        #expect(!SecureTimestampCorrelation.isGood(quality: quality, length: .symbols64))
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
