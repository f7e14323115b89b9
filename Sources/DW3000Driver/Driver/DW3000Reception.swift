import Foundation
import UWBCore

/// The registers the driver reads for one good reception, and what they mean (UM §4.7 and
/// §8.2.14): decoding is a pure function of the register values, so every formula can be
/// checked against the manual with chosen values.
struct DW3000Reception: Sendable {
    /// The frame from RX_BUFFER_0, without FCS.
    let frame: [UInt8]
    /// RX_TIME.RX_STAMP: the adjusted RX timestamp.
    let timestamp: UInt64
    /// IP_TS: Ipatov time of arrival, phase of arrival and status.
    let ipatovTimestamp: UInt64
    /// CIA_DIAG_0.
    let ciaDiagnostic: UInt64
    /// IP_DIAG_1: the channel area C.
    let channelArea: UInt64
    /// IP_DIAG_2 … IP_DIAG_4: the first-path amplitudes F1, F2, F3.
    let firstPathAmplitudes: (UInt64, UInt64, UInt64)
    /// IP_DIAG_8: the first path index, 10.6 fixed point.
    let firstPathIndex: UInt64
    /// IP_DIAG_12: preamble symbols accumulated N.
    let accumulated: UInt64
    /// DGC_DBG: the DGC decision D.
    let gainDebug: UInt64
    /// STS_TS and STS_STS, when the configuration has an STS.
    let secureTimestamp: (timestamp: UInt64, status: UInt64)?
    /// PDOA, on a chip with two antenna ports (PDoA mode 1 or 3).
    let phaseDifference: UInt64?

    /// The frame with its timestamp and diagnostics for a receiver in `config`.
    func receivedFrame(_ config: RadioConfig) -> ReceivedFrame {
        ReceivedFrame(frame: frame, timestamp: DeviceTime(wrapping: timestamp), diagnostics: diagnostics(config))
    }

    /// Levels (UM §4.7.1–4.7.2), clock offset, phases and the STS reading.
    func diagnostics(_ config: RadioConfig) -> ReceptionDiagnostics {
        let count = Double(max(1, DW3000Register.IpDiag12.ipnacc.value(in: accumulated)))
        let gain = config.pulseRepetitionFrequency == .sixtyFourMegahertz
            ? Double(DW3000Register.DgcDbg.dgcDecision.value(in: gainDebug)) * DW3000Constants.decibelsPerGainStep : 0
        let offset = gain - DW3000Constants.powerCorrection(config.pulseRepetitionFrequency)
        let area = Double(max(1, DW3000Register.IpDiag1.ipchannelarea.value(in: channelArea)))
        let amplitudes = [firstPathAmplitudes.0, firstPathAmplitudes.1, firstPathAmplitudes.2].map { Double($0 & 0x3F_FFFF) / DW3000Constants.amplitudeUnitsPerAmplitude }
        let firstPathPower = max(1, amplitudes.reduce(0) { $0 + $1 * $1 })
        let coe = Self.signed(DW3000Register.CiaDiag0.coePpm.value(in: ciaDiagnostic), bits: 13)
        return ReceptionDiagnostics(
            receivedLevel: PowerLevel(dBm: 10 * log10(area * DW3000Constants.channelAreaScale / (count * count)) + offset),
            firstPathLevel: PowerLevel(dBm: 10 * log10(firstPathPower / (count * count)) + offset),
            clockOffset: ClockOffset(partsPerMillion: Double(coe) * DW3000Constants.clockOffsetUnit * 1_000_000),
            carrierPhase: Angle(radians: Double(DW3000Register.IpTs.ipPoa.value(in: ipatovTimestamp)) * DW3000Constants.phaseUnit),
            firstPathIndex: Double(DW3000Register.IpDiag8.ipfploc.value(in: firstPathIndex)) / 64,
            preambleSymbolsAccumulated: Int(count),
            secureTimestamp: secureTimestampReading(config),
            phaseDifference: phaseDifference.map {
                Angle(radians: Double(Self.signed(DW3000Register.Pdoa.pdoa.value(in: $0), bits: 14)) * DW3000Constants.phaseUnit)
            })
    }

    /// STS_TOA with its quality: good when STS_TOAST is 0 and the quality index (STS_STS.ACC_QUAL,
    /// 12-bit two's complement) reaches 60 % of the STS length in symbols.
    private func secureTimestampReading(_ config: RadioConfig) -> SecureTimestampReading? {
        guard let secureTimestamp, let sts = config.secureTimestamps else { return nil }
        let quality = Self.signed(DW3000Register.StsSts.accQual.value(in: secureTimestamp.status), bits: 12)
        let threshold = Double(sts.length.symbols) * DW3000Constants.stsQualityThreshold
        let statusClear = DW3000Register.StsTs.stsToast.value(in: secureTimestamp.timestamp) == 0
        return SecureTimestampReading(
            time: DeviceTime(wrapping: DW3000Register.StsTs.stsToa.value(in: secureTimestamp.timestamp)),
            quality: Int(quality), isGood: statusClear && Double(quality) >= threshold)
    }

    /// `value`'s low `bits` bits as two's complement.
    static func signed(_ value: UInt64, bits: Int) -> Int64 {
        let sign = UInt64(1) << UInt64(bits - 1)
        return Int64(bitPattern: (value ^ sign) &- sign)
    }
}
