import UWBCore

/// The SPI transactions that read samples of one accumulator from the DW3000's CIR memory
/// (ACC_MEM, register file 0x15) through indirect pointer A, as the Qorvo API's `dwt_readcir` does:
///
/// 1. CLK_CTRL |= ACC_MCLK_EN | ACC_CLK_EN (0x8040), a 16-bit masked write (AND 0xFFFF, OR 0x8040);
/// 2. PTR_ADDR_A (0x1F:04) = 0x15, ACC_MEM's file;
/// 3. per chunk of at most ``DW3000Constants/accumulatorChunkSamples`` samples: PTR_OFFSET_A
///    (0x1F:08) = the chunk's first sample, counted in complex samples from the start of the CIR
///    memory (the accumulator's start plus the sample index), then a read of INDIRECT_PTR_A
///    (0x1D) of 1 + 6 octets per sample, whose first octet is a dummy;
/// 4. CLK_CTRL &= ~(ACC_MCLK_EN | ACC_CLK_EN), a 16-bit masked write (AND 0x7FBF, OR 0).
///
/// Qorvo writes PTR_ADDR_A again before every chunk and writes both pointer registers as 4
/// octets; this writes PTR_ADDR_A once, and each register as wide as the register map has it
/// (1 and 2 octets): the octets left out are reserved and zero. `Docs/reference/dw3000-registers.md` §9.
///
/// Each chunk goes to the bus as a batch of its own (``batches``): its PTR_OFFSET_A write and its
/// read, the first batch also turning the clocks on and pointing PTR_ADDR_A, the last also
/// turning them off. A batch then answers at most 769 octets of data, which a bus with a message
/// limit carries (the emulator service's messages hold 4096 octets; a batch of the whole Ipatov
/// accumulator would answer 6104, in eight reads); on an FT232H it costs one USB round trip per
/// chunk.
struct DW3000AccumulatorRead {
    /// CLK_CTRL's accumulator clocks: ACC_MCLK_EN (bit 15) and ACC_CLK_EN (bit 6), 0x8040.
    static let clockBits = DW3000Register.ClkCtrl.accMclkEn.mask | DW3000Register.ClkCtrl.accClkEn.mask

    /// The octets of CLK_CTRL the masked writes change.
    private static let clockOctets = 2

    /// Every transaction, in order: the clocks on, the pointer, the chunks, the clocks off.
    let transactions: [SPITransaction]

    /// Where in ``transactions`` each chunk's read is.
    let reads: [Int]

    /// The batches the transactions go to the bus in, as ranges of ``transactions``: one per chunk.
    let batches: [Range<Int>]

    /// The masked write that turns the accumulator clocks off again (the last of ``transactions``).
    let clocksOff: SPITransaction

    /// The transactions that read samples `taps` (indices within `accumulator`) through `port`.
    ///
    /// - Throws: ``SPIBusError/transferFailed(_:)`` if a transaction does not fit its register (a
    ///   driver bug: callers check the sample range first).
    init(_ accumulator: ImpulseResponseAccumulator, taps: Range<Int>, port: DW3000RegisterPort) throws(SPIBusError) {
        let octets = DW3000RegisterPort.octets
        let clockHeader = try port.header(.maskedWrite16, .clkCtrl, offset: 0, length: Self.clockOctets)
        let clocksOn = SPITransaction(
            header: clockHeader,
            body: .write(octets(0xFFFF, Self.clockOctets) + octets(Self.clockBits, Self.clockOctets)))
        clocksOff = SPITransaction(
            header: clockHeader,
            body: .write(octets(~Self.clockBits & 0xFFFF, Self.clockOctets) + octets(0, Self.clockOctets)))
        var transactions = [
            clocksOn,
            SPITransaction(
                header: try port.header(.write, .ptrAddrA, offset: 0, length: DW3000Register.ptrAddrA.length),
                body: .write([DW3000Register.accMem.file])),
        ]
        var reads: [Int] = []
        var batches: [Range<Int>] = []
        let start = DW3000Constants.accumulatorStart(accumulator)
        for chunk in stride(from: taps.lowerBound, to: taps.upperBound, by: DW3000Constants.accumulatorChunkSamples) {
            let samples = min(DW3000Constants.accumulatorChunkSamples, taps.upperBound - chunk)
            let offsetLength = DW3000Register.ptrOffsetA.length
            transactions.append(SPITransaction(
                header: try port.header(.write, .ptrOffsetA, offset: 0, length: offsetLength),
                body: .write(octets(UInt64(start + chunk), offsetLength))))
            let length = DW3000Constants.accumulatorDummyOctets + samples * DW3000Constants.accumulatorOctetsPerSample
            reads.append(transactions.count)
            transactions.append(SPITransaction(
                header: try port.header(.read, .indirectPtrA, offset: 0, length: length), body: .read(count: length)))
            batches.append((batches.last?.upperBound ?? 0)..<transactions.count)
        }
        transactions.append(clocksOff)
        let last = batches.popLast()?.lowerBound ?? 0
        batches.append(last..<transactions.count)
        self.transactions = transactions
        self.reads = reads
        self.batches = batches
    }

    /// The samples in the bus's `answers` to ``transactions``, the dummy octet of each chunk dropped.
    ///
    /// - Throws: ``SPIBusError/transferFailed(_:)`` if the bus answered fewer transactions or
    ///   octets than were asked for.
    func samples(from answers: [[UInt8]]) throws(SPIBusError) -> [ImpulseResponseSample] {
        guard answers.count == transactions.count else {
            throw .transferFailed("\(transactions.count) accumulator transactions returned \(answers.count) answers")
        }
        var samples: [ImpulseResponseSample] = []
        for read in reads {
            let answer = answers[read]
            let expected = transactions[read].responseLength
            guard answer.count == expected else {
                throw .transferFailed("read of INDIRECT_PTR_A returned \(answer.count) octets instead of \(expected)")
            }
            samples += DW3000AccumulatorSamples.decode(answer.dropFirst(DW3000Constants.accumulatorDummyOctets))
        }
        return samples
    }
}
