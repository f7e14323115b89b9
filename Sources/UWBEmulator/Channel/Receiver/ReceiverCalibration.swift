import UWBCore

/// The receiver's numbers that only a real chip's accumulators tell: fitted to the 10 864 DW1000 captures of
/// the Kolakowski data set (channel 2, 64 MHz PRF, 1024-symbol preamble; `Docs/reference/measured-channels.md`,
/// figures in `Docs/reference/measurements/kolakowski2018.json`), each with how well it fits there.
public enum ReceiverCalibration {
    /// The noise a tap gathers per accumulated symbol, on the first-path formula's scale, at received level
    /// `level`: −78.82 + 0.287·level dBm (median −102.8 dBm; r = 0.49: the noise grows with the signal,
    /// 0.29 dB per dB), kept within −112…−95 dBm [D].
    public static func noiseLevel(receivedLevel level: PowerLevel) -> PowerLevel {
        PowerLevel(dBm: min(-95, max(-112, -78.82 + 0.287 * level.dBm)))
    }

    /// How much of a noise tap comes from the one before: adjacent taps of measured noise correlate at 0.48
    /// (median) [D]; a tap's noise is w_k + 0.75·w_(k−1), normalised, whose correlation is 0.48.
    public static let noiseCarryOver = 0.75

    /// The largest real or imaginary part a DW1000 tap reaches before accumulation stops: 2¹⁴ = 16 384
    /// (the stopped frames' largest part is 16 398–16 505, p1–p99, and 100 % of LOS frames stop) [D].
    public static let dw1000ComponentLimit = 16_384.0

    /// The symbols a 1024-symbol preamble at 850 kbps accumulates when nothing stops it: 998 [D: the mode of
    /// RXPACC in unstopped frames]. With the Decawave 16-symbol SFD, whose accumulation RXPACC counts
    /// (UM Table 18: −18 to correct), that leaves 44 symbols, 1.4 PACs of 32, to acquiring the preamble.
    public static let acquisitionOverhead = 12

    /// The LDE's noise threshold per unit of NTM, in noise standard deviations (per part of a tap): the
    /// measured threshold is 8.96·σ where the chip ran Decawave's driver setting NTM 13 (LDE_CFG1 0x6D)
    /// [D: NTH = max(8.96·σ, 0.255·σ·peak/RXPACC), median error 5.4 %, R² 0.95; U: the NTM DecaRanging set].
    public static let noiseThresholdPerMultiplier = 8.96 / 13

    /// The LDE's peak term per unit of PMULT: 0.255/3 standard deviations per unit of the peak's
    /// per-symbol magnitude (the fit above with the reset PMULT 3) [D; U: the term's meaning].
    public static let peakThresholdPerMultiplier = 0.255 / 3

    /// The highest the peak term raises the threshold, as a share of the peak: 0.23, the measured threshold
    /// over the accumulator's limit at the line-of-sight links' p90 (3750/16 384) [D]. The fit was made on
    /// links from −95 to −78 dBm; on stronger ones it would grow past the peak, which no chip does.
    public static let peakThresholdCap = 0.23

    /// Which rises of the magnitude (tap k to tap k + 1) the chip looks for the first path's steepest among,
    /// counted from the rise into the first tap over the threshold: the one before it, it and the one after.
    /// On the measured accumulators, with the logged threshold, this puts the first path within one tap of
    /// the logged FP_INDEX in 99.8 / 99.9 / 96.7 % of line-of-sight, NLOS and no-direct-path frames and in the
    /// chip's own tap in 98.2 %; one more rise after the crossing reaches into a stronger path that follows a
    /// weak first one (91.6 % of NLOS frames within one tap), one fewer before it lands in the chip's tap less
    /// often (97.5 %) [D; `Docs/reference/measured-channels.md` §8].
    public static let firstPathRises = -1...1

    /// How far the chip's first-path index scatters on a strong link beyond what the emulated accumulator
    /// shows: 0.074 taps (2.2 cm) standard deviation, the measured spread of the logged index about the rule
    /// the virtual chips ran before the chip's own was found (IQR 0.10 taps / 1.349) [D]. The chip's index
    /// follows its own accumulator to 1/64 of a tap (``LeadingEdgeDetector``), so on a real chip this scatter
    /// is in the accumulator (its resampler's phase, RSMPL, and the pulse as it varies from frame to frame),
    /// which the emulated accumulator does not reproduce [U: how it splits between them]; it sets the
    /// within-link spread of a strong line-of-sight link (measured 2.8 cm per range).
    public static let fractionJitter = 0.074

    /// How many taps from the first path's on the chip's channel power (CIR_PWR) sums: 65, floor(FP_INDEX) to
    /// floor(FP_INDEX) + 64; less the noise's share, the received level it gives lies −0.24 dB from the logged
    /// one (median; IQR 0.21 dB), the closest of the windows tried (a window of 17 taps misses the paths after
    /// it, +0.57 dB) [D; `Docs/reference/measured-channels.md` §4.3]. The virtual chips sum every path from
    /// the first on instead (they keep no late path's delay); windows reaching to floor(FP_INDEX) + 256 fit
    /// the logged levels about as well (IQR 0.21–0.22 dB).
    public static let channelPowerTaps = 65

    /// The noise threshold multiplier after reset: NTM 12 (DW1000 UM §7.2.47.2, LDE_CFG1 reset value 0x6C).
    public static let resetNoiseThresholdMultiplier = 12
    /// The peak multiplier after reset: PMULT 3 (UM §7.2.47.2).
    public static let resetPeakMultiplier = 3
    /// How many taps of noise the chip's noise estimate is taken over (the accumulator before the first
    /// path): the standard error of STD_NOISE follows from it [D: the 600 taps the data's noise was read from].
    public static let noiseEstimateTaps = 600
}
