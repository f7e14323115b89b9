import Foundation
import UWBCore

/// The registers the driver reads for one good reception, and what they mean.
///
/// Decoding is a pure function of the register images, so every formula can be checked against
/// the user manual with chosen register values.
struct ReceptionRegisters: Hashable, Sendable {
    /// RX_FINFO (0x10).
    let frameInformation: UInt64
    /// The frame from RX_BUFFER, without FCS.
    let frame: [UInt8]
    /// RX_TIME (0x15), all 14 octets.
    let receiveTime: [UInt8]
    /// RX_FQUAL (0x12).
    let frameQuality: UInt64
    /// RX_TTCKO (0x14).
    let timeTrackingOffset: UInt64
    /// DRX_CAR_INT (0x27:28), 21-bit two's complement.
    let carrierIntegrator: UInt64
    /// RXPACC_NOSAT (0x27:2C).
    let unsaturatedPreambleCount: UInt64

    /// The frame with its timestamp and diagnostics, for a receiver in `config`.
    func receivedFrame(_ config: RadioConfig) -> ReceivedFrame {
        ReceivedFrame(frame: frame, timestamp: timestamp, diagnostics: diagnostics(config))
    }

    /// RX_STAMP, octets 0–4 of RX_TIME: the adjusted RX time.
    var timestamp: DeviceTime {
        DeviceTime(wrapping: littleEndianValue(receiveTime.prefix(5)))
    }

    /// Levels, clock offset and phase (UM §4.7, §7.2.19–7.2.21, §7.2.40.11).
    func diagnostics(_ config: RadioConfig) -> ReceptionDiagnostics {
        let count = correctedPreambleCount(config)
        let correction = DW1000Constants.powerCorrection(config.pulseRepetitionFrequency)
        let f1 = Double(littleEndianValue(receiveTime.dropFirst(7).prefix(2)))
        let f2 = Double(Register.RxFqual.fpAmpl2.value(in: frameQuality))
        let f3 = Double(Register.RxFqual.fpAmpl3.value(in: frameQuality))
        let impulsePower = Double(Register.RxFqual.cirPwr.value(in: frameQuality))
        let squaredCount = Double(count * count)
        let received = 10 * log10(max(impulsePower, 1) * 131_072 / squaredCount) - correction
        let firstPath = 10 * log10(max(f1 * f1 + f2 * f2 + f3 * f3, 1) / squaredCount) - correction
        let firstPathIndex = Double(littleEndianValue(receiveTime.dropFirst(5).prefix(2))) / 64
        let phase = Double(Register.RxTtcko.rcphase.value(in: timeTrackingOffset)) * 2 * .pi / 128
        return ReceptionDiagnostics(
            receivedLevel: PowerLevel(dBm: received),
            firstPathLevel: PowerLevel(dBm: firstPath),
            clockOffset: clockOffset(config),
            carrierPhase: Angle(radians: phase),
            firstPathIndex: firstPathIndex,
            preambleSymbolsAccumulated: Int(Register.RxFinfo.rxpacc.value(in: frameInformation)))
    }

    /// RXPACC, corrected for the SFD symbols it counts when it equals RXPACC_NOSAT (UM §7.2.40.12;
    /// the adjustments of Decawave's application note, as tabulated in the physics reference §3.2).
    /// Never below 1, so that the power formulas stay finite.
    func correctedPreambleCount(_ config: RadioConfig) -> Int {
        let accumulated = Int(Register.RxFinfo.rxpacc.value(in: frameInformation))
        guard UInt64(accumulated) == unsaturatedPreambleCount else { return max(1, accumulated) }
        let adjustment = switch (config.startOfFrameDelimiter, config.dataRate) {
        case (.standard, .kbps110): 64
        case (.standard, _): -5
        case (.decawave, .kbps110): 82
        case (.decawave, .kbps850): -18
        case (.decawave, .mbps6_8): -10
        }
        return max(1, accumulated + adjustment)
    }

    /// The transmitter's clock relative to ours from the carrier integrator: positive when the
    /// transmitter runs fast (Decawave `dw1000_calc_clock_offset_ratio`, physics reference §1.4).
    func clockOffset(_ config: RadioConfig) -> ClockOffset {
        let raw = Int64(carrierIntegrator & 0x1F_FFFF)
        let signed = raw & 0x10_0000 != 0 ? raw - 0x20_0000 : raw
        let hertz = Double(signed) * DW1000Constants.carrierIntegratorHertzPerUnit(config.dataRate)
        return ClockOffset(partsPerMillion: -hertz * 1_000_000 / config.channel.centreFrequency.hertz)
    }
}
