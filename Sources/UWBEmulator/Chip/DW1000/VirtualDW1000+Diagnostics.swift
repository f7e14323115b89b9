import DW1000Driver
import Foundation
import UWBCore

extension VirtualDW1000 {
    /// ACC_MEM's number of 4-octet samples.
    private static let accumulatorSamples = DW1000Register.accMem.length / 4

    /// Writes the registers a reception updates (UM §7.2.18–7.2.24, §7.2.38, §7.2.40, §7.2.47): the
    /// frame, and what the chip reads off its accumulator of the frame's preamble (``PreambleAccumulator``):
    /// RXPACC and RXPACC_NOSAT as it counted them, the first path its leading-edge detection found
    /// (FP_INDEX, LDE_THRESH, LDE_PPINDX and LDE_PPAMPL) and the RX timestamp moved to it, the magnitudes
    /// after it (FP_AMPL1–3), the channel power (CIR_PWR) and the noise (STD_NOISE), each kept to its
    /// register's width; the accumulator's taps around the first path into ACC_MEM (written when software
    /// first reads ACC_MEM, the rest when a read reaches them); and the carrier integrator with the true
    /// clock offset.
    func writeReception(_ arrival: Arrival, intact: Bool) {
        guard let configuration = arrival.transmission.configuration else { return }
        let constants = receptionConstants(for: configuration)
        let fields = ReceptionFields.shared

        let recoveryPhase = random.uniform(0...(2 * Double.pi))
        let phaseCode = UInt64((recoveryPhase / (2 * .pi) * 128).rounded()) & 0x7F
        let accumulatorPhase = arrival.carrierPhase.wrapped.radians + phaseOffset.radians + Double(phaseCode) * 2 * .pi / 128
        let detector = LeadingEdgeDetector(leadingEdgeConfiguration: registers.value(fields.ldeCfg1))
        let (reading, kept) = accumulate(
            arrival.channel, rmarker: arrival.rmarker, advance: arrival.firstPathAdvance.secondsValue,
            format: constants.format, symbols: constants.room, phase: accumulatorPhase, detector: detector)
        lastAccumulation = kept

        let frame = arrival.transmission.frame
        registers.set(fields.rxBuffer, octets: frame)
        if !intact, !frame.isEmpty, frame.count <= fields.rxBuffer.length {
            // The corrupted last octet, written in place instead of copying the frame to change it.
            registers.write(file: DW1000Register.rxBuffer.file, offset: frame.count - 1, value: UInt64(frame[frame.count - 1] ^ 0xFF), count: 1)
        }
        let length = UInt64(frame.count)
        let accumulated = UInt64(min(reading.accumulator.accumulated, Int(DW1000Register.RxFinfo.rxpacc.maxValue)))
        registers.set(fields.rxFinfo, constants.frameInformation
            | fields.rxflen.place(length & 0x7F) | fields.rxfle.place(length >> 7)
            | fields.rng.place(arrival.transmission.rangingBit ? 1 : 0) | fields.rxpacc.place(accumulated))

        let rawTicks = straightLineTicks(of: arrival) + leadingEdgeTicks(reading, configuration: configuration)
        let raw = UInt64(max(0, rawTicks.rounded())) & DeviceClock.maximumTicks
        let stamp = (raw &- registers.value(fields.ldeRxantd)) & DeviceClock.maximumTicks
        registers.set(fields.rxStamp, leadingEdgeCodeLoaded ? stamp : 0)
        registers.set(fields.fpIndex, Self.field(reading.edge.index * 64))
        let (f1, f2, f3) = reading.firstPathAmplitudes
        registers.set(fields.fpAmpl1, Self.field(f1))
        registers.set(fields.rxRawst, raw & ~UInt64(0x1FF))
        registers.set(fields.rxFqual, fields.stdNoise.place(Self.field(reading.noise))
            | fields.fpAmpl2.place(Self.field(f2))
            | fields.fpAmpl3.place(Self.field(f3))
            | fields.cirPwr.place(Self.field(reading.impulsePower)))
        registers.set(fields.rxpaccNosat, UInt64(min(reading.accumulator.unsaturated, 0xFFFF)))

        let offset = relativeOffset(of: arrival)
        let trackingInterval = constants.trackingInterval
        // RXTOFS / RXTTCKI is the clock offset, positive when the remote transmitter is faster, as
        // the User Manual states it (§7.2.21, example 0xE4 / 0x01F00000 = 7 ppm). Decawave's mynewt
        // driver computes its ratio as −RXTOFS / RXTTCKI for its own sign convention; we follow the
        // manual. The driver reads the carrier integrator, not this register.
        let trackingOffset = Int64((offset.ratio * Double(trackingInterval)).rounded())
        registers.set(fields.rxTtcki, trackingInterval)
        registers.set(fields.rxTtcko, fields.rxtofs.place(UInt64(bitPattern: trackingOffset))
            | fields.rcphase.place(phaseCode))
        registers.set(fields.drxCarInt, constants.carrierIntegrator.registerValue(for: offset))

        registers.set(fields.ldeThresh, Self.field(reading.edge.threshold))
        registers.set(fields.ldePpindx, UInt64(reading.edge.peakIndex))
        registers.set(fields.ldePpampl, Self.field(reading.edge.peak))
        accumulatorHolds = reading.window
        accumulatorTapsPending = true
    }

    /// A magnitude as an unsigned 16-bit register field: rounded, at most 0xFFFF.
    private static func field(_ value: Double) -> UInt64 {
        UInt64(min(65_535, max(0, value.rounded())))
    }

    /// Writes accumulator taps from `window.lowerBound` on into ACC_MEM as (real, imaginary) signed
    /// 16-bit pairs, low octet first (UM §7.2.38), each part kept within ±32 767.
    func writeAccumulator(_ window: Range<Int>, real: [Double], imaginary: [Double]) {
        let count = min(window.upperBound, Self.accumulatorSamples) - window.lowerBound
        guard count > 0 else { return }
        let samples = (0..<count).map { index in
            let re = Int16(real[index].roundedInteger(within: -32_767...32_767))
            let im = Int16(imaginary[index].roundedInteger(within: -32_767...32_767))
            return UInt32(UInt16(bitPattern: re)) | UInt32(UInt16(bitPattern: im)) << 16
        }
        registers.write(file: registers.accumulatorFile, offset: window.lowerBound * 4, words: samples)
    }

    /// Writes the taps the last reception read (``accumulatorHolds``) into ACC_MEM if they are still
    /// pending: a reception leaves them to the first read of ACC_MEM, as its registers then read the
    /// same as if it had written them.
    func writePendingAccumulatorTaps() {
        guard accumulatorTapsPending else { return }
        accumulatorTapsPending = false
        // The taps alone: the reading's detection already filled the other registers.
        guard let last = lastAccumulation else { return }
        let taps = last.accumulator.taps(in: accumulatorHolds)
        writeAccumulator(accumulatorHolds, real: taps.real, imaginary: taps.imaginary)
    }

    /// Writes the whole of the last accumulation into ACC_MEM if a read of `samples` reaches beyond the
    /// taps the reception wrote: the accumulator is worked out in full only when software reads it.
    func completeAccumulator(for samples: Range<Int>) {
        guard let last = lastAccumulation, !(accumulatorHolds.lowerBound <= samples.lowerBound
            && samples.upperBound <= accumulatorHolds.upperBound) else { return }
        let whole = last.whole
        let all = 0..<min(Self.accumulatorSamples, whole.format.sampleCount)
        let (real, imaginary) = whole.taps(in: all)
        writeAccumulator(all, real: real, imaginary: imaginary)
        accumulatorHolds = 0..<Self.accumulatorSamples
    }

    /// What ``writeReception(_:intact:)`` works out from the configuration alone, kept for the
    /// chip's last configuration: a class, so that the chip's check of it on every reception reads it
    /// where it is rather than copying it out.
    final class ReceptionConstants {
        let configuration: RadioConfig
        let carrierIntegrator: CarrierIntegrator
        /// The accumulator, and the symbols the preamble leaves room for.
        let format: AccumulatorFormat
        let room: AccumulationRoom
        /// RX_FINFO without the length, ranging bit and RXPACC.
        let frameInformation: UInt64
        /// RX_TTCKI.
        let trackingInterval: UInt64

        /// The constants of `configuration`, from its values.
        init(
            configuration: RadioConfig, carrierIntegrator: CarrierIntegrator, format: AccumulatorFormat, room: AccumulationRoom,
            frameInformation: UInt64, trackingInterval: UInt64
        ) {
            self.configuration = configuration
            self.carrierIntegrator = carrierIntegrator
            self.format = format
            self.room = room
            self.frameInformation = frameInformation
            self.trackingInterval = trackingInterval
        }
    }

    /// The reception constants for `configuration`, from the cache when it is the last one.
    private func receptionConstants(for configuration: RadioConfig) -> ReceptionConstants {
        if let cached = lastReceptionConstants, cached.configuration == configuration {
            return cached
        }
        let constants = ReceptionConstants(
            configuration: configuration,
            carrierIntegrator: CarrierIntegrator(configuration: configuration),
            format: .dw1000(configuration), room: Self.accumulationRoom(configuration),
            frameInformation: frameInformation(configuration, length: 0, accumulated: 0, rangingBit: false),
            trackingInterval: configuration.pulseRepetitionFrequency == .sixteenMegahertz ? 0x01F0_0000 : 0x01FC_0000)
        lastReceptionConstants = constants
        return constants
    }

    /// RX_FINFO for a frame (UM §7.2.18).
    private func frameInformation(_ configuration: RadioConfig, length: Int, accumulated: Int, rangingBit: Bool) -> UInt64 {
        let (repetitions, extensionCode) = configuration.preambleLength.dw1000Codes
        return DW1000Register.RxFinfo.rxflen.placing(UInt64(length & 0x7F))
            | DW1000Register.RxFinfo.rxfle.placing(UInt64(length >> 7))
            | DW1000Register.RxFinfo.rxnspl.placing(extensionCode)
            | DW1000Register.RxFinfo.rxbr.placing(configuration.dataRate.dw1000Code)
            | DW1000Register.RxFinfo.rng.placing(rangingBit ? 1 : 0)
            | DW1000Register.RxFinfo.rxprfr.placing(configuration.pulseRepetitionFrequency.dw1000Code)
            | DW1000Register.RxFinfo.rxpsr.placing(repetitions)
            | DW1000Register.RxFinfo.rxpacc.placing(UInt64(accumulated))
    }
}

/// The registers and register fields ``VirtualDW1000/writeReception(_:intact:)`` fills: the registers'
/// slots, fetched once per reception rather than one lazily initialised global at a time, and the fields
/// as shifts and masks worked out once: each `BitField` of the register map is a global of another module,
/// reached through a call to its accessor, and its `placing` works its mask out again (measured in session
/// 52: using them directly here costs 1.6 % more instructions in the 1000 listening tags).
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

    /// The registers.
    let rxBuffer = RegisterFile.Slot.rxBuffer
    let rxFinfo = RegisterFile.Slot.rxFinfo
    let rxStamp = RegisterFile.Slot.rxStamp
    let fpIndex = RegisterFile.Slot.fpIndex
    let fpAmpl1 = RegisterFile.Slot.fpAmpl1
    let rxRawst = RegisterFile.Slot.rxRawst
    let rxFqual = RegisterFile.Slot.rxFqual
    let rxpaccNosat = RegisterFile.Slot.rxpaccNosat
    let rxTtcki = RegisterFile.Slot.rxTtcki
    let rxTtcko = RegisterFile.Slot.rxTtcko
    let drxCarInt = RegisterFile.Slot.drxCarInt
    let ldeThresh = RegisterFile.Slot.ldeThresh
    let ldePpindx = RegisterFile.Slot.ldePpindx
    let ldePpampl = RegisterFile.Slot.ldePpampl
    let ldeCfg1 = RegisterFile.Slot.ldeCfg1
    let ldeRxantd = RegisterFile.Slot.ldeRxantd
    /// The fields.
    let rxflen = Placement(DW1000Register.RxFinfo.rxflen)
    let rxfle = Placement(DW1000Register.RxFinfo.rxfle)
    let rng = Placement(DW1000Register.RxFinfo.rng)
    let rxpacc = Placement(DW1000Register.RxFinfo.rxpacc)
    let stdNoise = Placement(DW1000Register.RxFqual.stdNoise)
    let fpAmpl2 = Placement(DW1000Register.RxFqual.fpAmpl2)
    let fpAmpl3 = Placement(DW1000Register.RxFqual.fpAmpl3)
    let cirPwr = Placement(DW1000Register.RxFqual.cirPwr)
    let rxtofs = Placement(DW1000Register.RxTtcko.rxtofs)
    let rcphase = Placement(DW1000Register.RxTtcko.rcphase)

    static let shared = ReceptionFields()
}
