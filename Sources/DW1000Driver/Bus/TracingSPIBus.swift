import Logging
import UWBCore

/// An `SPIBus` that logs every transaction at `trace` level and forwards it to the bus it wraps.
///
/// The driver puts it between itself and its bus only when its logger was at `trace` when the
/// driver was created, so that a driver that does not trace pays nothing per transaction: not
/// even the level check a `logger.trace(…)` call makes through the log handler (decision 0018).
final class TracingSPIBus: SPIBus {
    /// The bus the transactions go to.
    let bus: any SPIBus
    /// Where the transactions are logged.
    let logger: Logger

    /// Logs the transactions on `bus` to `logger`.
    init(_ bus: any SPIBus, logger: Logger) {
        self.bus = bus
        self.logger = logger
    }

    /// The wrapped bus's chip count.
    var chipCount: Int { bus.chipCount }

    /// The wrapped bus's answer.
    var batchingReducesCost: Bool { bus.batchingReducesCost }

    /// Logs the transaction and its answer.
    func transfer(_ transaction: SPITransaction, on chip: ChipSelect) throws(SPIBusError) -> [UInt8] {
        let answer = try logged(transaction) { () throws(SPIBusError) in try bus.transfer(transaction, on: chip) }
        if case .read = transaction.body {
            logger.trace("SPI read answered", metadata: ["spi.read": "\(hexOctets(answer))"])
        }
        return answer
    }

    /// Logs each transaction of the batch, then forwards the batch as one.
    func transfer(_ transactions: [SPITransaction], on chip: ChipSelect) throws(SPIBusError) -> [[UInt8]] {
        for transaction in transactions {
            log(transaction, batched: true)
        }
        return try failureLogged { () throws(SPIBusError) in try bus.transfer(transactions, on: chip) }
    }

    /// Logs the transaction and the value read.
    func transferReadingValue(_ transaction: SPITransaction, on chip: ChipSelect) throws(SPIBusError) -> (value: UInt64, count: Int) {
        let read = try logged(transaction) { () throws(SPIBusError) in try bus.transferReadingValue(transaction, on: chip) }
        logger.trace("SPI read answered", metadata: ["spi.value": "0x\(hex(read.value, digits: 2 * min(read.count, 8)))"])
        return read
    }

    /// Logs the write.
    func transferWritingValue(_ value: UInt64, count: Int, header: [UInt8], on chip: ChipSelect) throws(SPIBusError) {
        let octets = (0..<max(0, count)).map { $0 < 8 ? UInt8(truncatingIfNeeded: value >> (8 * $0)) : 0 }
        try logged(SPITransaction(header: header, body: .write(octets))) { () throws(SPIBusError) in
            try bus.transferWritingValue(value, count: count, header: header, on: chip)
        }
    }

    /// Forwards the wait (not logged: a radio loop waits thousands of times a second).
    func waitForInterrupt(on chip: ChipSelect, until deadline: ContinuousClock.Instant) throws(SPIBusError) -> Bool {
        try bus.waitForInterrupt(on: chip, until: deadline)
    }

    /// Logs the reset pulse.
    func reset(_ chip: ChipSelect) throws(SPIBusError) {
        logger.trace("SPI reset pulse")
        try bus.reset(chip)
    }

    /// Logs the clock change.
    func useClock(_ clock: SPIClock) throws(SPIBusError) {
        logger.trace("SPI clock \(clock)")
        try bus.useClock(clock)
    }

    /// Forwards the release.
    func release() {
        bus.release()
    }

    /// Logs `transaction`, then runs `body`, logging its failure.
    private func logged<Result>(
        _ transaction: SPITransaction, _ body: () throws(SPIBusError) -> Result
    ) throws(SPIBusError) -> Result {
        log(transaction, batched: false)
        return try failureLogged(body)
    }

    /// Runs `body`, logging its failure at `trace` (the driver reports it at `warning`).
    private func failureLogged<Result>(_ body: () throws(SPIBusError) -> Result) throws(SPIBusError) -> Result {
        do {
            return try body()
        } catch {
            logger.trace("SPI transaction failed", metadata: [LogMetadataKey.error: "\(error)"])
            throw error
        }
    }

    /// Logs one transaction: header, and the octets written or how many are read.
    private func log(_ transaction: SPITransaction, batched: Bool) {
        let body: String = switch transaction.body {
        case .write(let octets): "W " + hexOctets(octets)
        case .read(let count): "R \(count) octets"
        }
        logger.trace(
            "SPI \(body)",
            metadata: ["spi.header": "\(hexOctets(transaction.header))", "spi.batched": "\(batched)"])
    }
}
