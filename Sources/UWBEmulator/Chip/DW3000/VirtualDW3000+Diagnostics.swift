import DW1000Driver
import DW3000Driver
import Foundation
import UWBCore

extension VirtualDW3000 {
    /// Writes the registers a reception updates (User Manual §8.2.2.14–8.2.2.17, §8.2.14), from
    /// the arrival: the frame and RX_FINFO; RX_TIME (RX_RAWST less CIA_CONF.RXANTD) and IP_TS, the
    /// Ipatov timestamp and phase of arrival; with an STS configured, STS_TS and STS_STS from the
    /// STS correlation (``SecureTimestampCorrelation``); on a two-port part, PDOA when SYS_CFG.PDOA_MODE
    /// measures it (mode 1 always, mode 3 with an STS; ``DW3000PhaseDifferenceMode``); the carrier
    /// integrator and the power diagnostics the formulas give back the arrival's levels from.
    func writeReception(_ arrival: Arrival, intact: Bool, secure: SecureTimestampConfiguration?) {
        guard let configuration = arrival.transmission.configuration else { return }
        var frame = arrival.transmission.frame
        if !intact, let last = frame.indices.last {
            frame[last] ^= 0xFF
        }
        memory.set(.rxBuffer0, octets: frame)
        let accumulated = max(1, configuration.preambleLength.symbols - 2 * configuration.preambleAcquisitionChunk.symbols)
        memory.set(.rxFinfo, DW3000Register.RxFinfo.rxflen.placing(UInt64(frame.count))
            | DW3000Register.RxFinfo.rxbr.placing(configuration.dataRate == .mbps6_8 ? 1 : 0)
            | DW3000Register.RxFinfo.rng.placing(arrival.transmission.rangingBit ? 1 : 0)
            | DW3000Register.RxFinfo.rxprf.placing(configuration.pulseRepetitionFrequency == .sixtyFourMegahertz ? 2 : 1)
            | DW3000Register.RxFinfo.rxpsr.placing(configuration.preambleLength.dw1000Codes.repetitions)
            | DW3000Register.RxFinfo.rxpacc.placing(UInt64(accumulated)))

        let rawTicks = rawReceiveTicks(of: arrival)
        let raw = UInt64(max(0, rawTicks.rounded())) & DeviceClock.maximumTicks
        let antennaDelay = DW3000Register.CiaConf.rxantd.value(in: memory.value(.ciaConf))
        let stamp = (raw &- antennaDelay) & DeviceClock.maximumTicks
        memory.set(.rxTime, stamp)
        memory.set(.rxRawst, raw >> 8)
        let firstPhase = arrival.carrierPhase.wrapped.radians
        memory.set(.ipTs, DW3000Register.IpTs.ipToa.placing(stamp) | DW3000Register.IpTs.ipPoa.placing(Self.phaseCode(firstPhase)))

        if let secure {
            var random = self.random
            let correlation = SecureTimestampCorrelation(
                expecting: secure.mode, length: secure.length, key: secure.key, initializationVector: secure.initializationVector,
                lockedOnto: arrival, candidates: environment?.secureTimestampsOnAir(during: arrival, at: self) ?? [],
                random: &random)
            self.random = random
            let stsTicks = (rawTicks + correlation.offsetSeconds * DeviceClock.ticksPerSecond).rounded()
            let stsStamp = (UInt64(max(0, stsTicks)) &- antennaDelay) & DeviceClock.maximumTicks
            let good = SecureTimestampCorrelation.isGood(quality: correlation.quality, length: secure.length)
            memory.set(.stsTs, DW3000Register.StsTs.stsToa.placing(stsStamp)
                | DW3000Register.StsTs.stsPoa.placing(Self.phaseCode(firstPhase))
                | DW3000Register.StsTs.stsToast.placing(good ? 0 : 1))
            memory.set(.stsSts, UInt64(UInt16(bitPattern: Int16(correlation.quality))) & DW3000Register.StsSts.accQual.mask)
        }
        if let second = arrival.secondPortPhase, model.antennaPorts > 1, phaseDifferenceMode.measures(secureTimestamps: secure != nil) {
            let difference = (second - arrival.carrierPhase + phaseOffset).wrapped.radians
            let code = Int64((difference * (1 / DW3000Constants.phaseUnit)).rounded())
            memory.set(.pdoa, DW3000Register.Pdoa.pdoa.placing(UInt64(bitPattern: code)))
        }
        writeSignalDiagnostics(arrival, configuration: configuration, accumulated: accumulated)
    }

    /// The carrier integrator (the same conversion as the DW1000's at 850 kbps and 6.8 Mbps, Qorvo
    /// API `FREQ_OFFSET_MULTIPLIER`), the clock offset in CIA_DIAG_0.COE_PPM (13-bit two's
    /// complement), and IP_DIAG_1–4 and 12 chosen so that the power formulas give
    /// back the arrival's levels: received = 10·log₁₀(C·2²¹/N²) − A, first path =
    /// 10·log₁₀(((F1/4)² + (F2/4)² + (F3/4)²)/N²) − A (User Manual §4.7.1–4.7.2).
    private func writeSignalDiagnostics(_ arrival: Arrival, configuration: RadioConfig, accumulated: Int) {
        let offset = relativeOffset(of: arrival)
        memory.set(.drxCarInt, CarrierIntegrator(configuration: configuration).registerValue(for: offset))
        let coe = Int64((offset.ratio / DW3000Constants.clockOffsetUnit).rounded())
        memory.set(.ciaDiag0, DW3000Register.CiaDiag0.coePpm.placing(UInt64(bitPattern: coe) & DW3000Register.CiaDiag0.coePpm.maxValue))
        let correction = DW3000Constants.powerCorrection(configuration.pulseRepetitionFrequency)
        let squared = Double(accumulated * accumulated)
        let area = pow(10, (arrival.receivedLevel.dBm + correction) / 10) * squared / DW3000Constants.channelAreaScale
        let amplitude = (pow(10, (arrival.firstPathLevel.dBm + correction) / 10) * squared / 3).squareRoot()
        memory.set(.ipDiag1, UInt64(min(area.rounded(), Double(DW3000Register.IpDiag1.ipchannelarea.maxValue))))
        let field = UInt64(min((amplitude * DW3000Constants.amplitudeUnitsPerAmplitude).rounded(), Double(DW3000Register.IpDiag2.ipf1.maxValue)))
        memory.set(.ipDiag2, field)
        memory.set(.ipDiag3, field)
        memory.set(.ipDiag4, field)
        memory.set(.ipDiag12, UInt64(accumulated))
    }

    /// SYS_CFG.PDOA_MODE; the reserved value 2 measures nothing.
    private var phaseDifferenceMode: DW3000PhaseDifferenceMode {
        DW3000PhaseDifferenceMode(rawValue: DW3000Register.SysCfg.pdoaMode.value(in: memory.value(.sysCfg))) ?? .off
    }

    /// A phase in −π...π as the 14-bit two's complement field of radians × 2¹¹.
    private static func phaseCode(_ radians: Double) -> UInt64 {
        UInt64(bitPattern: Int64((radians / DW3000Constants.phaseUnit).rounded())) & 0x3FFF
    }
}
