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
        let format = AccumulatorFormat.dw3000(configuration)
        let firstPhase = arrival.carrierPhase.wrapped.radians
        let (ipatov, kept) = accumulate(
            arrival.channel, rmarker: arrival.rmarker, advance: arrival.firstPathAdvance.secondsValue, format: format,
            symbols: Self.accumulationRoom(configuration), phase: firstPhase + phaseOffset.radians, detector: .reset)
        lastAccumulation = kept
        lastSecureAccumulation = nil
        let accumulated = ipatov.accumulator.accumulated
        memory.set(.rxFinfo, DW3000Register.RxFinfo.rxflen.placing(UInt64(frame.count))
            | DW3000Register.RxFinfo.rxbr.placing(configuration.dataRate == .mbps6_8 ? 1 : 0)
            | DW3000Register.RxFinfo.rng.placing(arrival.transmission.rangingBit ? 1 : 0)
            | DW3000Register.RxFinfo.rxprf.placing(configuration.pulseRepetitionFrequency == .sixtyFourMegahertz ? 2 : 1)
            | DW3000Register.RxFinfo.rxpsr.placing(configuration.preambleLength.dw1000Codes.repetitions)
            | DW3000Register.RxFinfo.rxpacc.placing(UInt64(min(accumulated, Int(DW3000Register.RxFinfo.rxpacc.maxValue)))))

        let rawTicks = straightLineTicks(of: arrival) + leadingEdgeTicks(ipatov, configuration: configuration)
        let raw = UInt64(max(0, rawTicks.rounded())) & DeviceClock.maximumTicks
        let antennaDelay = DW3000Register.CiaConf.rxantd.value(in: memory.value(.ciaConf))
        let stamp = (raw &- antennaDelay) & DeviceClock.maximumTicks
        memory.set(.rxTime, stamp)
        memory.set(.rxRawst, raw >> 8)
        memory.set(.ipTs, DW3000Register.IpTs.ipToa.placing(stamp) | DW3000Register.IpTs.ipPoa.placing(Self.phaseCode(firstPhase)))

        if let secure {
            let (stsTicks, quality) = secureTimestamp(of: arrival, secure: secure, format: format, preambleTicks: rawTicks)
            let stsStamp = (UInt64(max(0, stsTicks.rounded())) &- antennaDelay) & DeviceClock.maximumTicks
            let good = SecureTimestampCorrelation.isGood(quality: quality, length: secure.length)
            memory.set(.stsTs, DW3000Register.StsTs.stsToa.placing(stsStamp)
                | DW3000Register.StsTs.stsPoa.placing(Self.phaseCode(firstPhase))
                | DW3000Register.StsTs.stsToast.placing(good ? 0 : 1))
            memory.set(.stsSts, UInt64(UInt16(bitPattern: Int16(quality))) & DW3000Register.StsSts.accQual.mask)
        }
        if let second = arrival.secondPortPhase, model.antennaPorts > 1, phaseDifferenceMode.measures(secureTimestamps: secure != nil) {
            let difference = (second - arrival.carrierPhase + phaseOffset).wrapped.radians
            let code = Int64((difference * (1 / DW3000Constants.phaseUnit)).rounded())
            memory.set(.pdoa, DW3000Register.Pdoa.pdoa.placing(UInt64(bitPattern: code)))
        }
        writeSignalDiagnostics(arrival, configuration: configuration, reading: ipatov)
    }

    /// The raw STS timestamp, in ticks not yet wrapped, and the STS quality index of a reception whose
    /// preamble was stamped at `preambleTicks`: the STS accumulator of the genuine frame found on the air
    /// (its own channel, no early copy; `length` symbols), or noise (``SecureTimestampCorrelation``).
    private func secureTimestamp(
        of arrival: Arrival, secure: SecureTimestampConfiguration, format: AccumulatorFormat, preambleTicks: Double
    ) -> (ticks: Double, quality: Int) {
        guard let configuration = arrival.transmission.configuration else { return (preambleTicks, 0) }
        var random = self.random
        let finding = SecureTimestampCorrelation.find(
            expecting: secure.mode, length: secure.length, key: secure.key, initializationVector: secure.initializationVector,
            lockedOnto: arrival, candidates: environment?.secureTimestampsOnAir(during: arrival, at: self) ?? [],
            random: &random)
        self.random = random
        switch finding {
        case .noise(let quality, let offsetSeconds):
            return (preambleTicks + offsetSeconds * DeviceClock.ticksPerSecond, quality)
        case .genuine(let found):
            let (reading, kept) = accumulate(
                found.channel, rmarker: found.rmarker, format: format, symbols: .symbols(secure.length.symbols),
                phase: arrival.carrierPhase.wrapped.radians + phaseOffset.radians, detector: .reset)
            lastSecureAccumulation = kept
            let ticks = straightLineTicks(at: found.rmarker) + leadingEdgeTicks(reading, configuration: configuration)
            return (ticks, SecureTimestampCorrelation.quality(firstPathLevel: reading.firstPathLevel, length: secure.length))
        }
    }

    /// The carrier integrator (the same conversion as the DW1000's at 850 kbps and 6.8 Mbps, Qorvo
    /// API `FREQ_OFFSET_MULTIPLIER`), the clock offset in CIA_DIAG_0.COE_PPM (13-bit two's
    /// complement), and what the CIA reads off the preamble's accumulator: IP_DIAG_0 (the peak's
    /// magnitude and tap), IP_DIAG_1 (the channel area C, whose received level is
    /// 10·log₁₀(C·2²¹/N²) − A), IP_DIAG_2–4 (the three magnitudes after the first path, with two
    /// fractional bits), IP_DIAG_8 (the first path's tap, 10.6) and IP_DIAG_12 (the symbols
    /// accumulated) (User Manual §4.7.1–4.7.2, §8.2.14), each kept to its field's width.
    private func writeSignalDiagnostics(_ arrival: Arrival, configuration: RadioConfig, reading: PreambleReading) {
        let offset = relativeOffset(of: arrival)
        memory.set(.drxCarInt, CarrierIntegrator(configuration: configuration).registerValue(for: offset))
        let coe = Int64((offset.ratio / DW3000Constants.clockOffsetUnit).rounded())
        memory.set(.ciaDiag0, DW3000Register.CiaDiag0.coePpm.placing(UInt64(bitPattern: coe) & DW3000Register.CiaDiag0.coePpm.maxValue))
        func field(_ value: Double, _ limit: UInt64) -> UInt64 { UInt64(min(Double(limit), max(0, value.rounded()))) }
        memory.set(.ipDiag0, DW3000Register.IpDiag0.peakamp.placing(field(reading.edge.peak, DW3000Register.IpDiag0.peakamp.maxValue))
            | DW3000Register.IpDiag0.peakloc.placing(UInt64(reading.edge.peakIndex)))
        memory.set(.ipDiag1, field(reading.impulsePower, DW3000Register.IpDiag1.ipchannelarea.maxValue))
        let (f1, f2, f3) = reading.firstPathAmplitudes
        let units = DW3000Constants.amplitudeUnitsPerAmplitude
        memory.set(.ipDiag2, field(f1 * units, DW3000Register.IpDiag2.ipf1.maxValue))
        memory.set(.ipDiag3, field(f2 * units, DW3000Register.IpDiag2.ipf1.maxValue))
        memory.set(.ipDiag4, field(f3 * units, DW3000Register.IpDiag2.ipf1.maxValue))
        memory.set(.ipDiag8, field(reading.edge.index * 64, DW3000Register.IpDiag8.ipfploc.maxValue))
        memory.set(.ipDiag12, UInt64(min(reading.accumulator.accumulated, 0xFFF)))
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
