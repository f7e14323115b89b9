import Foundation
import UWBCore

/// What a receiver's STS correlator finds in one reception (`Docs/reference/uwb-physics.md`
/// §1.3a, "The emulator's model"): the frame on the air whose STS is the sequence it expects, or noise.
///
/// The model: the receiver expects the sequence of its key and IV (``TransmittedSecureTimestamp/matches(key:initializationVector:)``)
/// within ``searchWindowSeconds`` of where the preamble's timing puts the STS. A frame on the air with
/// that sequence is found: the chip then accumulates its STS over the frame's own channel (an attacker
/// cannot advance a sequence it cannot predict, even when it advances the preamble's,
/// ``Arrival/firstPathAdvance``) and its quality grows with the first-path level it reads there
/// (``quality(firstPathLevel:length:)``). Without one the correlator sees noise: a quality near zero and a
/// timestamp anywhere in the window.
enum SecureTimestampCorrelation {
    /// What the correlator found.
    enum Finding {
        /// The genuine STS of this frame on the air.
        case genuine(SecureTimestampOnAir)
        /// Noise: a quality index and where in the window the timestamp lands, in seconds after the
        /// locked frame's detected first path.
        case noise(quality: Int, offsetSeconds: Double)
    }

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

    /// What a receiver that expects `length` symbols of the sequence of `key` and `initializationVector` in
    /// mode `mode`, locked onto `arrival`, finds among `candidates` on the air.
    static func find(
        expecting mode: SecureTimestampMode, length: SecureTimestampLength, key: SecureTimestampSecret,
        initializationVector: SecureTimestampSecret, lockedOnto arrival: Arrival, candidates: [SecureTimestampOnAir],
        random: inout SeededRandom
    ) -> Finding {
        let genuine = candidates.filter { candidate in
            candidate.sequence.mode == mode && candidate.sequence.length == length
                && candidate.sequence.matches(key: key, initializationVector: initializationVector)
                && abs(Double(candidate.rmarker.picoseconds - arrival.rmarker.picoseconds) * 1e-12) <= searchWindowSeconds
        }
        guard let found = genuine.min(by: { $0.rmarker < $1.rmarker }) else {
            let noise = Double(length.symbols) / 8
            return .noise(
                quality: Int(random.uniform(-noise...noise).rounded()),
                offsetSeconds: random.uniform(-searchWindowSeconds...searchWindowSeconds))
        }
        return .genuine(found)
    }

    /// The quality index of a genuine STS of `length` whose accumulator's first path reads
    /// `firstPathLevel`: about the STS length in symbols at a good level, less as it weakens.
    static func quality(firstPathLevel: PowerLevel, length: SecureTimestampLength) -> Int {
        let gain = 10 * log10(Double(length.symbols) / referenceSymbols)
        let share = min(1, max(0, (firstPathLevel.dBm + gain - silentLevelDBm) / riseDecibels))
        return Int((share * Double(length.symbols)).rounded())
    }

    /// Whether a quality index counts as a good STS for an STS of `length`.
    static func isGood(quality: Int, length: SecureTimestampLength) -> Bool {
        Double(quality) >= goodShare * Double(length.symbols)
    }
}
