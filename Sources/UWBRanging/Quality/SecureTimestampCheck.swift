import UWBCore

/// Whether a received frame's time of arrival can be trusted on a radio sending a scrambled
/// timestamp sequence (STS): the STS must have been received well and its timestamp must agree
/// with the preamble's (`Docs/ranging.md`, "Secure timestamps"; `Docs/security.md`).
///
/// A trusted frame's time is its STS timestamp, which an attacker without the key cannot move;
/// the preamble's only serves to detect an attack. So an attacker who advances the preamble by
/// less than the tolerance changes no distance, and one who advances it by more is caught.
public enum SecureTimestampCheck {
    /// How far apart a genuine frame's STS and preamble timestamps may be: 128 ticks (2.00 ns,
    /// 60 cm of light travel).
    ///
    /// Derived (`Docs/reference/uwb-physics.md` §1.3a): each timestamp is a separate first-path
    /// estimate with σ ≈ 0.33 ns (the ±10 cm ranging precision Decawave specifies for the DW1000,
    /// assumed for the DW3000), so their difference has σ ≈ 0.47 ns; the two correlators' channel
    /// estimates are sampled about 1 ns apart (1.0016 ns), which may offset them by one sample.
    /// One sample plus two σ of the difference is 1.95 ns, rounded up to the 128-tick grid.
    public static let tolerance = DeviceDuration(ticks: 128)

    /// The time of arrival to use for a frame received with `reading` whose preamble timestamp
    /// is `preambleTime`: the STS timestamp.
    ///
    /// - Throws: ``SecureTimestampRejection/missing`` without a reading,
    ///   ``SecureTimestampRejection/qualityLow`` if the STS quality is below the chip's threshold,
    ///   ``SecureTimestampRejection/mismatch`` if the two timestamps differ by more than ``tolerance``.
    public static func trustedTime(
        of reading: SecureTimestampReading?, preambleTime: DeviceTime
    ) throws(SecureTimestampRejection) -> DeviceTime {
        guard let reading else { throw .missing }
        guard reading.isGood else { throw .qualityLow }
        let offset = reading.time - preambleTime
        guard abs(offset.ticks) <= tolerance.ticks else { throw .mismatch }
        return reading.time
    }
}
