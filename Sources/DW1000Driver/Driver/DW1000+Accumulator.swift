import UWBCore

extension DW1000 {
    /// Reads the channel impulse response of the last good frame from ACC_MEM (UM §7.2.38), in the
    /// sequence of Decawave's `dwt_readaccdata`:
    ///
    /// 1. PMSC_CTRL0 octets 0–1 are read;
    /// 2. octet 0 is written with FACE set and RXCLKS = 10, then octet 1 with AMCE set, in two
    ///    writes (`AccumulatorClocks`);
    /// 3. ACC_MEM is read from sample `samples.lowerBound` in one transaction of 1 + 4 octets per
    ///    sample, the first octet a dummy that is dropped (the bus splits long transfers itself:
    ///    the DW1000 has no transaction limit and the FT232H's longest command is 65536 octets);
    /// 4. octet 0 is written back with FACE clear and RXCLKS automatic, then octet 1 with AMCE
    ///    clear.
    ///
    /// Steps 2–4 go to the bus as one batch (one USB round trip on an FT232H). If the batch fails,
    /// the driver still writes step 4 before it throws, so the clocks are not left forced on.
    ///
    /// A DW1000 has only the ``ImpulseResponseAccumulator/preamble`` accumulator: 992 taps at
    /// 16 MHz PRF, 1016 at 64 MHz, 64 ticks (1.0016 ns) apart. The response carries the frame's
    /// FP_INDEX and RXPACC.
    ///
    /// - Throws: ``TransceiverError/notConfigured`` before ``configure(_:)``;
    ///   ``TransceiverError/accumulatorUnavailable(_:reason:)`` for an STS accumulator;
    ///   ``TransceiverError/noReceptionToRead`` before the first good frame since ``configure(_:)``;
    ///   ``TransceiverError/samplesOutsideAccumulator(requested:valid:accumulator:)``;
    ///   ``TransceiverError/bus(_:)``.
    public func readChannelImpulseResponse(
        _ accumulator: ImpulseResponseAccumulator, samples requested: Range<Int>?
    ) throws(TransceiverError) -> ChannelImpulseResponse {
        let config = try requireConfiguration()
        guard accumulator == .preamble else {
            throw .accumulatorUnavailable(
                accumulator, reason: "a DW1000 has only the preamble (Ipatov) accumulator; read .preamble")
        }
        guard let reception = lastReception else { throw .noReceptionToRead }
        let length = DW1000Constants.accumulatorSamples(config.pulseRepetitionFrequency)
        let taps = try accumulator.samples(requested, length: length)
        let octets = try readAccumulator(taps)
        logger.debug("accumulator read", metadata: ["samples": "\(taps.lowerBound)..<\(taps.upperBound)"])
        return ChannelImpulseResponse(
            accumulator: accumulator, firstSampleIndex: taps.lowerBound,
            samples: DW1000AccumulatorSamples.decode(octets), accumulatorLength: length,
            sampleSpacing: DW1000Constants.accumulatorSampleSpacing,
            firstPathIndex: reception.firstPathIndex, accumulatedSymbols: reception.preambleSymbolsAccumulated)
    }

    /// The octets of accumulator samples `taps`, without the dummy octet, read with the
    /// accumulator clocks forced on and handed back afterwards, even when the read fails.
    private func readAccumulator(_ taps: Range<Int>) throws(TransceiverError) -> ArraySlice<UInt8> {
        let perSample = DW1000Constants.accumulatorOctetsPerSample
        let (clocks, sequence, readIndex) = try onBus {
            let clocks = AccumulatorClocks(pmscCtrl0: try port.readValue(.pmscCtrl0, count: 2))
            let read = try port.accumulatorReadTransaction(offset: taps.lowerBound * perSample, count: taps.count * perSample)
            var sequence: [SPITransaction] = []
            for write in clocks.enabling {
                sequence.append(try port.writeTransaction(write))
            }
            let readIndex = sequence.count
            sequence.append(read)
            for write in clocks.restoring {
                sequence.append(try port.writeTransaction(write))
            }
            return (clocks, sequence, readIndex)
        }
        let answers: [[UInt8]]
        do {
            answers = try port.bus.transfer(sequence, on: chip)
        } catch {
            restoreClocks(clocks, after: error)
            throw .bus(error)
        }
        let expected = sequence[readIndex].responseLength
        guard answers.count == sequence.count, answers[readIndex].count == expected else {
            let returned = answers.count == sequence.count ? answers[readIndex].count : 0
            throw .bus(DW1000Register.accMem.shortRead(returned: returned, expected: expected))
        }
        return answers[readIndex].dropFirst(DW1000Constants.accumulatorDummyOctets)
    }

    /// Hands the accumulator clocks back to the chip after a read that failed with `failure`; a
    /// failure of this too is logged, and the read's error is the one reported.
    private func restoreClocks(_ clocks: AccumulatorClocks, after failure: SPIBusError) {
        do {
            for write in clocks.restoring {
                try port.write(write)
            }
        } catch {
            logger.warning(
                "the accumulator clocks could not be handed back after a failed read; reset the chip",
                metadata: ["read_error": "\(failure)", "restore_error": "\(error)"])
        }
    }
}
