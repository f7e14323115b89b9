import DW3000Driver
import Foundation

extension VirtualDW3000 {
    /// Where each accumulator starts in the CIR memory, in complex samples: the Ipatov (preamble) one at 0,
    /// the STS's at 0x400 (Qorvo DW3000 API, `dwt_readcir`; `Docs/reference/dw3000-registers.md` §9).
    static let secureTimestampAccumulatorStart = 0x400
    /// The octets of one complex sample: a 24-bit real part, then a 24-bit imaginary part, little-endian.
    static let octetsPerSample = 6

    /// The octets a read of `count` from `file` at `offset` returns when it reads the CIR memory: directly
    /// (ACC_MEM, octet offsets) or through indirect pointer A pointed at it (INDIRECT_PTR_A with PTR_ADDR_A
    /// = ACC_MEM and PTR_OFFSET_A in complex samples); a dummy octet first either way (the Qorvo API drops
    /// it). Nil for reads of anything else.
    func accumulatorRead(file: UInt8, offset: Int, count: Int) -> [UInt8]? {
        let memoryFile = DW3000Register.accMem.file
        let firstOctet: Int
        switch file {
        case memoryFile:
            firstOctet = offset
        case DW3000Register.indirectPtrA.file where UInt8(truncatingIfNeeded: memory.value(.ptrAddrA)) == memoryFile:
            firstOctet = Int(memory.value(.ptrOffsetA) & 0xFFFF) * Self.octetsPerSample + offset
        default:
            return nil
        }
        let wanted = max(0, count - 1)
        let firstSample = firstOctet / Self.octetsPerSample
        let lastSample = (firstOctet + wanted + Self.octetsPerSample - 1) / Self.octetsPerSample
        var octets: [UInt8] = []
        octets.reserveCapacity((lastSample - firstSample) * Self.octetsPerSample)
        let samples = accumulatorSamples(firstSample..<max(firstSample, lastSample))
        for (real, imaginary) in samples {
            octets += Self.part(real) + Self.part(imaginary)
        }
        let skip = firstOctet - firstSample * Self.octetsPerSample
        return [0] + Array(octets.dropFirst(skip).prefix(wanted))
    }

    /// The CIR memory's complex samples in `range`: the last reception's preamble accumulator, whole, at
    /// 0…1015, its STS accumulator from ``secureTimestampAccumulatorStart`` on, zero elsewhere and before a
    /// reception.
    private func accumulatorSamples(_ range: Range<Int>) -> [(Double, Double)] {
        var samples = [(Double, Double)](repeating: (0, 0), count: range.count)
        for (start, kept) in [(0, lastAccumulation), (Self.secureTimestampAccumulatorStart, lastSecureAccumulation)] {
            guard let kept else { continue }
            let whole = kept.whole
            let span = start..<(start + whole.format.sampleCount)
            let overlap = range.clamped(to: span)
            guard !overlap.isEmpty else { continue }
            let taps = whole.taps(in: (overlap.lowerBound - start)..<(overlap.upperBound - start))
            for index in overlap {
                samples[index - range.lowerBound] = (taps.real[index - overlap.lowerBound], taps.imaginary[index - overlap.lowerBound])
            }
        }
        return samples
    }

    /// A part as 24-bit two's complement, little-endian, kept within the CIR memory's 18 bits of value and sign.
    private static func part(_ value: Double) -> [UInt8] {
        let bits = Int32(value.roundedInteger(within: -131_072...131_071))
        let word = UInt32(bitPattern: bits)
        return [UInt8(truncatingIfNeeded: word), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word >> 16)]
    }
}
