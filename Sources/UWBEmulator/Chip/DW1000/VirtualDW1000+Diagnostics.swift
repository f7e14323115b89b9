import DW1000Driver
import Foundation
import UWBCore

extension VirtualDW1000 {
    /// Where the first path sits in the accumulator: about sample 750 of 1016 (64 MHz PRF) or
    /// 992 (16 MHz), as DW1000 captures typically show it [U: a representative value, not a spec].
    static let firstPathSample = 750.0

    /// The noise standard deviation reported in STD_NOISE [U: a representative line-of-sight
    /// value; nothing in the stack uses it yet].
    static let noiseAmplitude: UInt64 = 50

    /// ACC_MEM's file ID and its number of 4-octet samples.
    static let accumulatorFile = Register.accMem.file
    private static let accumulatorSamples = Register.accMem.length / 4

    /// Writes the registers a reception updates (UM §7.2.18–7.2.24, §7.2.38, §7.2.40, §7.2.47),
    /// consistent with the arrival: the user manual's power formulas give back its levels, the
    /// carrier integrator its true clock offset, and the accumulator at the first path the
    /// carrier phase at this chip's antenna.
    func writeReception(_ arrival: Arrival, intact: Bool) {
        guard let configuration = arrival.transmission.configuration else { return }
        let constants = receptionConstants(for: configuration)
        let fields = ReceptionFields.shared
        let formula = constants.formula
        let accumulated = constants.accumulated
        let count = constants.count
        let impulsePower = formula.impulseResponsePower(for: arrival.receivedLevel, preambleCount: count)
        let amplitude = formula.firstPathAmplitude(for: arrival.firstPathLevel, preambleCount: count)

        let frame = arrival.transmission.frame
        registers.set(.rxBuffer, octets: frame)
        if !intact, !frame.isEmpty, frame.count <= RegisterFile.Slot.rxBuffer.length {
            // The corrupted last octet, written in place instead of copying the frame to change it.
            registers.write(file: Register.rxBuffer.file, offset: frame.count - 1, value: UInt64(frame[frame.count - 1] ^ 0xFF), count: 1)
        }
        let length = UInt64(frame.count)
        registers.set(.rxFinfo, constants.frameInformation
            | fields.rxflen.place(length & 0x7F) | fields.rxfle.place(length >> 7)
            | fields.rng.place(arrival.transmission.rangingBit ? 1 : 0))

        let rawTicks = rawReceiveTicks(of: arrival)
        let raw = UInt64(max(0, rawTicks.rounded())) & DeviceClock.maximumTicks
        let stamp = (raw &- registers.value(.ldeRxantd)) & DeviceClock.maximumTicks
        // The fraction of rawTicks / 64, as `truncatingRemainder(dividingBy: 1)` gives it (both are
        // exact), without the library's slow `fmod`.
        let sixtyFourths = rawTicks / 64
        let index = Self.firstPathSample + (sixtyFourths - sixtyFourths.rounded(.towardZero))
        registers.set(.rxStamp, leadingEdgeCodeLoaded ? stamp : 0)
        registers.set(.fpIndex, UInt64((index * 64).rounded()))
        registers.set(.fpAmpl1, UInt64(amplitude))
        registers.set(.rxRawst, raw & ~UInt64(0x1FF))
        registers.set(.rxFqual, fields.stdNoise.place(Self.noiseAmplitude)
            | fields.fpAmpl2.place(UInt64(amplitude))
            | fields.fpAmpl3.place(UInt64(amplitude))
            | fields.cirPwr.place(UInt64(impulsePower)))
        registers.set(.rxpaccNosat, UInt64(accumulated))

        let offset = relativeOffset(of: arrival)
        let trackingInterval = constants.trackingInterval
        // RXTOFS / RXTTCKI is the clock offset, positive when the remote transmitter is faster, as
        // the User Manual states it (§7.2.21, example 0xE4 / 0x01F00000 = 7 ppm). Decawave's mynewt
        // driver computes its ratio as −RXTOFS / RXTTCKI for its own sign convention; we follow the
        // manual. The driver reads the carrier integrator, not this register.
        let trackingOffset = Int64((offset.ratio * Double(trackingInterval)).rounded())
        let recoveryPhase = random.uniform(0...(2 * Double.pi))
        let phaseCode = UInt64((recoveryPhase / (2 * .pi) * 128).rounded()) & 0x7F
        registers.set(.rxTtcki, trackingInterval)
        registers.set(.rxTtcko, fields.rxtofs.place(UInt64(bitPattern: trackingOffset))
            | fields.rcphase.place(phaseCode))
        registers.set(.drxCarInt, constants.carrierIntegrator.registerValue(for: offset))

        let peakExcess = max(0, arrival.receivedLevel.dBm - arrival.firstPathLevel.dBm)
        registers.set(.ldePpindx, UInt64(index.rounded()))
        registers.set(.ldePpampl, UInt64(min(65_535, Double(amplitude) * pow(10, peakExcess / 20))))
        let accumulatorPhase = arrival.carrierPhase.wrapped.radians + phaseOffset.radians + Double(phaseCode) * 2 * .pi / 128
        writeAccumulator(around: Int(index), amplitude: amplitude, phase: accumulatorPhase)
    }

    /// What ``writeReception(_:intact:)`` works out from the configuration alone, kept for the
    /// chip's last configuration.
    struct ReceptionConstants {
        let configuration: RadioConfig
        let formula: SignalPowerFormula
        let carrierIntegrator: CarrierIntegrator
        /// RXPACC and the corrected preamble count.
        let accumulated: Int
        let count: Int
        /// RX_FINFO without the length and ranging bit.
        let frameInformation: UInt64
        /// RX_TTCKI.
        let trackingInterval: UInt64
    }

    /// The reception constants for `configuration`, from the cache when it is the last one.
    private func receptionConstants(for configuration: RadioConfig) -> ReceptionConstants {
        if let cached = lastReceptionConstants, cached.configuration == configuration {
            return cached
        }
        let formula = SignalPowerFormula(configuration: configuration)
        let accumulated = max(1, configuration.preambleLength.symbols - 2 * configuration.preambleAcquisitionChunk.symbols)
        let constants = ReceptionConstants(
            configuration: configuration, formula: formula,
            carrierIntegrator: CarrierIntegrator(configuration: configuration),
            accumulated: accumulated,
            count: formula.correctedPreambleCount(accumulated: accumulated, unsaturated: accumulated),
            frameInformation: frameInformation(configuration, length: 0, accumulated: accumulated, rangingBit: false),
            trackingInterval: configuration.pulseRepetitionFrequency == .sixteenMegahertz ? 0x01F0_0000 : 0x01FC_0000)
        lastReceptionConstants = constants
        return constants
    }

    /// RX_FINFO for a frame (UM §7.2.18).
    private func frameInformation(_ configuration: RadioConfig, length: Int, accumulated: Int, rangingBit: Bool) -> UInt64 {
        let (repetitions, extensionCode) = configuration.preambleLength.dw1000Codes
        return Register.RxFinfo.rxflen.placing(UInt64(length & 0x7F))
            | Register.RxFinfo.rxfle.placing(UInt64(length >> 7))
            | Register.RxFinfo.rxnspl.placing(extensionCode)
            | Register.RxFinfo.rxbr.placing(configuration.dataRate.dw1000Code)
            | Register.RxFinfo.rng.placing(rangingBit ? 1 : 0)
            | Register.RxFinfo.rxprfr.placing(configuration.pulseRepetitionFrequency.dw1000Code)
            | Register.RxFinfo.rxpsr.placing(repetitions)
            | Register.RxFinfo.rxpacc.placing(UInt64(accumulated))
    }

    /// Three accumulator samples from the first path on, as (real, imaginary) signed 16-bit pairs
    /// with the given amplitude and phase (UM §7.2.38).
    private func writeAccumulator(around index: Int, amplitude: Int, phase: Double) {
        let scaled = Double(min(amplitude, 32_767))
        let real = Int16(truncatingIfNeeded: Int((scaled * cos(phase)).rounded()))
        let imaginary = Int16(truncatingIfNeeded: Int((scaled * sin(phase)).rounded()))
        // One sample is 4 octets, low octet first: the real part, then the imaginary part.
        let sample = UInt64(UInt16(bitPattern: real)) | UInt64(UInt16(bitPattern: imaginary)) << 16
        let first = max(0, min(index, Self.accumulatorSamples - 3))
        for offset in 0..<3 {
            registers.write(file: Self.accumulatorFile, offset: (first + offset) * 4, value: sample, count: 4)
        }
    }
}

/// The register fields ``VirtualDW1000/writeReception(_:intact:)`` fills, as shifts and masks
/// worked out once (a `BitField` works out its mask on every use).
struct ReceptionFields {
    /// A field's position: `(value << shift) & mask`, as `BitField.placing` computes it.
    struct Placement {
        let shift: UInt64
        let mask: UInt64

        init(_ field: BitField) {
            shift = UInt64(field.lowBit)
            mask = field.mask
        }

        @inline(__always)
        func place(_ value: UInt64) -> UInt64 {
            (value << shift) & mask
        }
    }

    let rxflen = Placement(Register.RxFinfo.rxflen)
    let rxfle = Placement(Register.RxFinfo.rxfle)
    let rng = Placement(Register.RxFinfo.rng)
    let stdNoise = Placement(Register.RxFqual.stdNoise)
    let fpAmpl2 = Placement(Register.RxFqual.fpAmpl2)
    let fpAmpl3 = Placement(Register.RxFqual.fpAmpl3)
    let cirPwr = Placement(Register.RxFqual.cirPwr)
    let rxtofs = Placement(Register.RxTtcko.rxtofs)
    let rcphase = Placement(Register.RxTtcko.rcphase)

    static let shared = ReceptionFields()
}
