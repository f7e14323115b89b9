import DW1000Driver
import DW3000Driver
import UWBCore

/// A register file behind an `SPIBus` that records every transaction, for testing a driver at
/// the byte level without a chip or an emulator.
///
/// It has no chip behaviour: a write stores its octets, a read returns what is stored (zero if
/// nothing was), except for locations given ``scriptReads(file:offset:_:chip:)`` answers or
/// ``selfClearingBits``. Tests preset what the chip would report and compare ``trace`` with the
/// transactions the user manual prescribes.
public final class FakeSPIBus: SPIBus {
    /// One recorded transaction. Two entries are equal when chip, header and body match; the
    /// octets a read returned are kept for inspection but not compared.
    public struct Entry: Hashable, Sendable, CustomStringConvertible {
        /// The chip-select index.
        public let chip: Int
        /// The header octets.
        public let header: [UInt8]
        /// The body: written octets, or how many were read.
        public let body: SPITransaction.Body

        /// A write of `octets` after `header` on chip 0 (or `chip`).
        public static func write(_ header: [UInt8], _ octets: [UInt8], chip: Int = 0) -> Entry {
            Entry(chip: chip, header: header, body: .write(octets))
        }

        /// A read of `count` octets after `header` on chip 0 (or `chip`).
        public static func read(_ header: [UInt8], count: Int, chip: Int = 0) -> Entry {
            Entry(chip: chip, header: header, body: .read(count: count))
        }

        /// For example `CS0 W 8F: F8 00 00 00` or `CS0 R 0F: 4 octets`.
        public var description: String {
            let head = header.map(hexOctet).joined(separator: " ")
            switch body {
            case .write(let octets): return "CS\(chip) W \(head): " + octets.map(hexOctet).joined(separator: " ")
            case .read(let count): return "CS\(chip) R \(head): \(count) octets"
            }
        }
    }

    /// How the bus reads the headers of the transactions it records: as a DW1000's (the default)
    /// or a DW3000's, whose fast commands it records without effect and whose masked writes it
    /// applies to the stored octets.
    public enum Addressing: Sendable {
        /// DW1000 headers (User Manual §2.2.1.2).
        case dw1000
        /// DW3000 headers (DW3000 User Manual §2.3.1.2).
        case dw3000
    }

    /// A register file and octet offset.
    public struct Location: Hashable, Sendable {
        /// The register file ID.
        public let file: UInt8
        /// The octet offset inside the file.
        public let offset: Int

        /// The location at `offset` in `file`.
        public init(file: UInt8, offset: Int) {
            self.file = file
            self.offset = offset
        }
    }

    /// Every transaction so far, in order.
    public private(set) var trace: [Entry] = []
    /// Every reset pulse so far, in order.
    public private(set) var resets: [ChipSelect] = []
    /// Every clock change so far, in order, with how many transactions of ``trace`` came before it.
    public private(set) var clockChanges: [(clock: SPIClock, afterTransactions: Int)] = []
    /// How many chip-select lines the bus has.
    public let chipCount: Int
    /// Whether each chip's IRQ line is asserted, by chip-select index.
    public var interruptLines: [Int: Bool] = [:]
    /// Bits that clear themselves right after a write that sets them, by the location of the
    /// octet that holds them (for example OTP_CTRL.LDELOAD); the mask applies to that octet onward.
    public var selfClearingBits: [Location: UInt64] = [:]
    /// An error the next transfer throws instead of running.
    public var failNextTransfer: SPIBusError?
    /// What the bus reports as ``SPIBus/batchingReducesCost``: `false` by default, as the
    /// emulator's bus; `true` to stand for a USB bus, with ``batches`` recording the batches.
    /// Set it before creating a driver: the driver asks once.
    public var batchingReducesCost = false
    /// The transactions of each batched `transfer([SPITransaction], on:)` so far, as ranges of
    /// ``trace``, in order.
    public private(set) var batches: [Range<Int>] = []

    private var memory: [Int: [UInt8: [UInt8]]] = [:]
    private var scripted: [Int: [Location: [[UInt8]]]] = [:]

    /// How the bus reads headers.
    public let addressing: Addressing

    /// A bus with `chipCount` chips whose registers all read zero, reading headers as `addressing` says.
    public init(chipCount: Int = 1, addressing: Addressing = .dw1000) {
        self.chipCount = chipCount
        self.addressing = addressing
    }

    /// Stores `octets` at `offset` in register file `file` of chip `chip`, as if the chip had set them.
    public func preset(file: UInt8, offset: Int = 0, _ octets: [UInt8], chip: Int = 0) {
        var image = memory[chip, default: [:]][file, default: []]
        if image.count < offset + octets.count {
            image += [UInt8](repeating: 0, count: offset + octets.count - image.count)
        }
        image.replaceSubrange(offset..<(offset + octets.count), with: octets)
        memory[chip, default: [:]][file] = image
    }

    /// The octets stored at `offset` in file `file` of chip `chip` (zero where never written).
    public func stored(file: UInt8, offset: Int = 0, count: Int, chip: Int = 0) -> [UInt8] {
        let image = memory[chip, default: [:]][file, default: []]
        return (offset..<(offset + count)).map { image.indices.contains($0) ? image[$0] : 0 }
    }

    /// Makes the next reads that start at this location return `answers` in turn, one per read,
    /// before falling back to the stored octets.
    public func scriptReads(file: UInt8, offset: Int = 0, _ answers: [[UInt8]], chip: Int = 0) {
        scripted[chip, default: [:]][Location(file: file, offset: offset), default: []] += answers
    }

    /// Forgets the trace and the batches so far.
    public func clearTrace() {
        trace.removeAll()
        batches.removeAll()
    }

    /// Records the batch and runs its transactions one by one.
    public func transfer(_ transactions: [SPITransaction], on chip: ChipSelect) throws(SPIBusError) -> [[UInt8]] {
        let first = trace.count
        var responses: [[UInt8]] = []
        for transaction in transactions {
            responses.append(try transfer(transaction, on: chip))
        }
        batches.append(first..<trace.count)
        return responses
    }

    /// Records the transaction and carries it out on the register file.
    public func transfer(_ transaction: SPITransaction, on chip: ChipSelect) throws(SPIBusError) -> [UInt8] {
        if let failure = failNextTransfer {
            failNextTransfer = nil
            throw failure
        }
        guard chip.index < chipCount else { throw .noSuchChip(chip, chipCount: chipCount) }
        let (location, maskedOctets) = try decode(transaction.header)
        trace.append(Entry(chip: chip.index, header: transaction.header, body: transaction.body))
        guard let location else { return [] }
        if let maskedOctets, case .write(let octets) = transaction.body, octets.count == 2 * maskedOctets {
            let stored = stored(file: location.file, offset: location.offset, count: maskedOctets, chip: chip.index)
            let changed = (0..<maskedOctets).map { stored[$0] & octets[$0] | octets[maskedOctets + $0] }
            preset(file: location.file, offset: location.offset, changed, chip: chip.index)
            return []
        }
        switch transaction.body {
        case .write(let octets):
            preset(file: location.file, offset: location.offset, octets, chip: chip.index)
            if let mask = selfClearingBits[location] {
                let kept = littleEndianOctetsOf(mask: ~mask, count: octets.count)
                preset(file: location.file, offset: location.offset, zip(octets, kept).map { $0 & $1 }, chip: chip.index)
            }
            return []
        case .read(let count):
            guard count >= 0 else { throw .transferFailed("fake bus: a read of \(count) octets") }
            if var answers = scripted[chip.index]?[location], !answers.isEmpty {
                let answer = answers.removeFirst()
                scripted[chip.index]?[location] = answers
                return Array((answer + [UInt8](repeating: 0, count: max(0, count - answer.count))).prefix(count))
            }
            return stored(file: location.file, offset: location.offset, count: count, chip: chip.index)
        }
    }

    /// The location a header addresses (`nil` for a DW3000 fast command) and, for a DW3000
    /// masked write, how many octets it changes.
    private func decode(_ header: [UInt8]) throws(SPIBusError) -> (Location?, Int?) {
        do {
            switch addressing {
            case .dw1000:
                let decoded = try DW1000SPIHeader.decode(header).header
                return (Location(file: decoded.file, offset: Int(decoded.subIndex)), nil)
            case .dw3000:
                guard case .register(let decoded, _) = try DW3000SPIHeader.decode(header) else { return (nil, nil) }
                let masked: Int? = switch decoded.access {
                case .read, .write: nil
                case .maskedWrite8: 1
                case .maskedWrite16: 2
                case .maskedWrite32: 4
                }
                return (Location(file: decoded.file, offset: Int(decoded.offset)), masked)
            }
        } catch {
            throw .transferFailed("fake bus: undecodable header \(header): \(error)")
        }
    }

    /// Reports the recorded IRQ line at once; the fake never waits.
    public func waitForInterrupt(on chip: ChipSelect, until deadline: ContinuousClock.Instant) throws(SPIBusError) -> Bool {
        interruptLines[chip.index] ?? false
    }

    /// Records the reset pulse.
    public func reset(_ chip: ChipSelect) throws(SPIBusError) {
        guard chip.index < chipCount else { throw .noSuchChip(chip, chipCount: chipCount) }
        resets.append(chip)
    }

    /// Records the change.
    public func useClock(_ clock: SPIClock) throws(SPIBusError) {
        clockChanges.append((clock, trace.count))
    }
}

/// `value` as two uppercase hexadecimal digits.
private func hexOctet(_ value: UInt8) -> String {
    hexDigits(UInt64(value), count: 2)
}

/// The low `count` octets of `mask`, low octet first.
private func littleEndianOctetsOf(mask: UInt64, count: Int) -> [UInt8] {
    (0..<count).map { $0 < 8 ? UInt8(truncatingIfNeeded: mask >> (8 * $0)) : 0xFF }
}
