import Foundation
import UWBCore

/// What a receiver's STS correlator finds in one reception (`Docs/reference/uwb-physics.md`
/// §1.3a, "The emulator's model"): the first path of the sequence it expects, and how much of the
/// sequence correlated (the STS quality index, as the DW3000's STS_STS.ACC_QUAL counts it).
///
/// The model: the receiver expects the sequence of its key and IV (``TransmittedSecureTimestamp/matches(key:initializationVector:)``)
/// within ``searchWindow`` of where the preamble's timing puts the STS. A frame on the air with
/// that sequence gives its own first path (the true one: an attacker cannot advance a sequence it
/// cannot predict, even when it advances the preamble's, ``Arrival/firstPathAdvance``) and a
/// quality that grows with its first-path level; without one, the
/// correlator sees noise: a quality near zero and a timestamp anywhere in the window.
struct SecureTimestampCorrelation {
    /// How far from the preamble's first path the correlator looks for the STS's: ±0.5 µs [U: the
    /// DW3000's STS accumulator holds 512 samples of about 1 ns; the window's exact placement is
    /// not published].
    static let searchWindowSeconds = 0.5e-6

    /// The first-path level at which a genuine STS of ``referenceSymbols`` symbols correlates
    /// not at all (−99 dBm: the standard receiver's 6.8 Mbps sensitivity, −93 dBm, less the 6 dB
    /// detection margin), and the span over which it rises to fully (12 dB) [U: modelling choice;
    /// Qorvo publishes only the 60 % threshold].
    static let silentLevelDBm = -99.0
    static let riseDecibels = 12.0
    /// The STS length the levels above are for; a longer STS gains 10·log₁₀(N/64) dB of
    /// processing gain [U: coherent integration, modelling choice].
    static let referenceSymbols = 64.0

    /// The share of the STS length a genuine STS must reach to count as good: 60 % (Qorvo DW3000
    /// API, `STSQUAL_THRESH_64_SH15` = 0.60 × 2¹⁵ and `ull_readstsquality`).
    static let goodShare = 0.60

    /// When the STS's first path reached the antenna, in seconds after the locked frame's RMARKER
    /// (its leading-edge error included).
    let offsetSeconds: Double
    /// The quality index: about the STS length in symbols for a genuine STS at a good level, near
    /// zero (possibly negative) for noise.
    let quality: Int

    /// The correlation of a receiver that expects `length` symbols of the sequence of `key` and
    /// `initializationVector` in mode `mode`, locked onto `arrival`, with `candidates` on the air.
    init(
        expecting mode: SecureTimestampMode, length: SecureTimestampLength, key: SecureTimestampSecret,
        initializationVector: SecureTimestampSecret, lockedOnto arrival: Arrival, candidates: [SecureTimestampOnAir],
        random: inout SeededRandom
    ) {
        let genuine = candidates.filter { candidate in
            candidate.sequence.mode == mode && candidate.sequence.length == length
                && candidate.sequence.matches(key: key, initializationVector: initializationVector)
                && abs(Self.seconds(from: arrival.rmarker, to: candidate.rmarker)) <= Self.searchWindowSeconds
        }
        guard let found = genuine.min(by: { $0.rmarker < $1.rmarker }) else {
            let noise = Double(length.symbols) / 8
            quality = Int(random.uniform(-noise...noise).rounded())
            offsetSeconds = random.uniform(-Self.searchWindowSeconds...Self.searchWindowSeconds)
            return
        }
        // From the preamble's first path as the receiver stamped it (advanced, under an early-path
        // attack) to the STS's true one.
        offsetSeconds = Self.seconds(from: arrival.rmarker, to: found.rmarker) + found.timestampError
            - arrival.ipatovTimestampError
        let gain = 10 * log10(Double(length.symbols) / Self.referenceSymbols)
        let share = min(1, max(0, (found.firstPathLevel.dBm + gain - Self.silentLevelDBm) / Self.riseDecibels))
        quality = Int((share * Double(length.symbols)).rounded())
    }

    /// The seconds from `start` to `end`.
    private static func seconds(from start: SimulationTime, to end: SimulationTime) -> Double {
        Double(end.picoseconds - start.picoseconds) * 1e-12
    }

    /// Whether a quality index counts as a good STS for an STS of `length`.
    static func isGood(quality: Int, length: SecureTimestampLength) -> Bool {
        Double(quality) >= goodShare * Double(length.symbols)
    }
}
