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
        DeviceTime(wrapping: littleEndianValue(receiveTime, from: 0, count: 5))
    }

    /// Levels, clock offset and phase (UM §4.7, §7.2.19–7.2.21, §7.2.40.11).
    func diagnostics(_ config: RadioConfig) -> ReceptionDiagnostics {
        let formula = SignalPowerFormula(configuration: config)
        let accumulated = Int(DW1000Register.RxFinfo.rxpacc.value(in: frameInformation))
        let count = formula.correctedPreambleCount(accumulated: accumulated, unsaturated: Int(unsaturatedPreambleCount))
        let amplitudes = (
            Int(littleEndianValue(receiveTime, from: 7, count: 2)),
            Int(DW1000Register.RxFqual.fpAmpl2.value(in: frameQuality)),
            Int(DW1000Register.RxFqual.fpAmpl3.value(in: frameQuality)))
        let impulsePower = Int(DW1000Register.RxFqual.cirPwr.value(in: frameQuality))
        let firstPathIndex = Double(littleEndianValue(receiveTime, from: 5, count: 2)) / 64
        let phase = Double(DW1000Register.RxTtcko.rcphase.value(in: timeTrackingOffset)) * 2 * .pi / 128
        return ReceptionDiagnostics(
            receivedLevel: formula.receivedLevel(impulseResponsePower: impulsePower, preambleCount: count),
            firstPathLevel: formula.firstPathLevel(amplitudes: amplitudes, preambleCount: count),
            clockOffset: CarrierIntegrator(configuration: config).clockOffset(registerValue: carrierIntegrator),
            carrierPhase: Angle(radians: phase),
            firstPathIndex: firstPathIndex,
            preambleSymbolsAccumulated: accumulated)
    }
}
