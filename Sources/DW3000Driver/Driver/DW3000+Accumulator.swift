import UWBCore

extension DW3000 {
    /// Reads the channel impulse response of the last good frame from the CIR memory, as the Qorvo
    /// API's `dwt_readcir` does (`DW3000AccumulatorRead`): the accumulator clocks forced on, the
    /// samples read through indirect pointer A in chunks of 128, the clocks released. Each chunk
    /// goes to the bus as a batch of its own (one USB round trip on an FT232H); if one fails, the
    /// driver still turns the clocks off before it throws.
    ///
    /// The accumulators: ``ImpulseResponseAccumulator/preamble`` (992 taps at 16 MHz PRF, 1016 at
    /// 64 MHz) always; ``ImpulseResponseAccumulator/secureTimestamp`` (512) with an STS;
    /// ``ImpulseResponseAccumulator/secureTimestampSecondHalf`` (512) only in PDoA mode 3, on a
    /// DW3x20 configured with an STS. Samples are 18 bits and sign, 64 ticks (1.0016 ns) apart.
    /// The preamble's response carries the frame's first-path index (IP_DIAG_8) and accumulated
    /// symbols (IP_DIAG_12); the STS ones carry neither, which the driver does not read.
    ///
    /// - Throws: ``TransceiverError/notConfigured`` before ``configure(_:)``;
    ///   ``TransceiverError/accumulatorUnavailable(_:reason:)`` for an STS accumulator the
    ///   configuration leaves empty; ``TransceiverError/noReceptionToRead`` before the first good
    ///   frame since ``configure(_:)``;
    ///   ``TransceiverError/samplesOutsideAccumulator(requested:valid:accumulator:)``;
    ///   ``TransceiverError/bus(_:)``.
    public func readChannelImpulseResponse(
        _ accumulator: ImpulseResponseAccumulator, samples requested: Range<Int>?
    ) throws(TransceiverError) -> ChannelImpulseResponse {
        let config = try requireConfiguration()
        if let reason = unavailableReason(accumulator, config) {
            throw .accumulatorUnavailable(accumulator, reason: reason)
        }
        guard let reception = lastReception else { throw .noReceptionToRead }
        let length = DW3000Constants.accumulatorSamples(accumulator, prf: config.pulseRepetitionFrequency)
        let taps = try accumulator.samples(requested, length: length)
        let read = try onBus { () throws(SPIBusError) in try DW3000AccumulatorRead(accumulator, taps: taps, port: port) }
        var answers: [[UInt8]] = []
        do {
            for batch in read.batches {
                answers += try port.bus.transfer(Array(read.transactions[batch]), on: chip)
            }
        } catch {
            turnAccumulatorClocksOff(read, after: error)
            throw .bus(error)
        }
        let samples = try onBus { () throws(SPIBusError) in try read.samples(from: answers) }
        logger.debug(
            "accumulator read", metadata: ["accumulator": "\(accumulator)", "samples": "\(taps.lowerBound)..<\(taps.upperBound)"])
        let preamble = accumulator == .preamble
        return ChannelImpulseResponse(
            accumulator: accumulator, firstSampleIndex: taps.lowerBound, samples: samples, accumulatorLength: length,
            sampleSpacing: DW3000Constants.accumulatorSampleSpacing,
            firstPathIndex: preamble ? reception.firstPathIndex : nil,
            accumulatedSymbols: preamble ? reception.preambleSymbolsAccumulated : nil)
    }

    /// Why `accumulator` holds nothing in `config` on this chip, or `nil` if it fills.
    private func unavailableReason(_ accumulator: ImpulseResponseAccumulator, _ config: RadioConfig) -> String? {
        let secure = config.secureTimestamps != nil
        switch accumulator {
        case .preamble:
            return nil
        case .secureTimestamp:
            return secure ? nil : "the radio is configured without an STS, so only the preamble accumulator fills; configure an STS, or read .preamble"
        case .secureTimestampSecondHalf:
            guard measuresPhaseDifference else {
                return "this chip has one antenna port, and only a DW3x20 in PDoA mode 3 fills the second STS accumulator; read .secureTimestamp or .preamble"
            }
            return secure ? nil : "the second STS accumulator fills only in PDoA mode 3, which needs an STS; configure one, or read .preamble"
        }
    }

    /// Turns the accumulator clocks off after a read that failed with `failure`; a failure of
    /// this too is logged, and the read's error is the one reported.
    private func turnAccumulatorClocksOff(_ read: DW3000AccumulatorRead, after failure: SPIBusError) {
        do {
            _ = try port.bus.transfer(read.clocksOff, on: chip)
        } catch {
            logger.warning(
                "the accumulator clocks could not be turned off after a failed read; reset the chip",
                metadata: ["read_error": "\(failure)", "restore_error": "\(error)"])
        }
    }
}
