import Logging
import UWBCore

/// The SPI bus of a board whose chips hang off an FTDI FT232H in MPSSE mode: SPI mode 0 on
/// ADBUS0–2 and each chip's CS, IRQ and RSTn on the pins its ``BoardDescription`` names.
///
/// Create it over an ``FT232HLink`` (`UWBUSB` for a real board, an emulated FT232H in tests),
/// call ``open()``, then hand it to the driver (`DW1000Board(board, bus:)`).
///
/// Every call costs USB round trips, so the bus sends each batch of transactions
/// (``transfer(_:on:)-([SPITransaction],_)``) as one bulk OUT transfer ending in 0x87 (send
/// immediate) and reads all the answers back at once: one round trip per batch, as per single
/// transaction (`Docs/reference/ftdi-mpsse.md` §6). A batch of writes only costs one OUT transfer and no read.
/// ``statistics`` counts the traffic.
public final class FT232HSPIBus: SPIBus {
    /// The latency timer the bus sets: 2 ms. Every reply the bus waits for is flushed by 0x87, so
    /// the timer only paces the status-only packets of an idle chip; 2 ms is what flashrom uses
    /// and avoids 1 ms, which FTDI advises against because it equals the USB frame
    /// (`Docs/reference/ftdi-mpsse.md` §6, AN232B-04).
    public static let latencyTimer: UInt16 = 2
    /// How long the bus waits after releasing RSTn before it addresses the chip: 2 ms, as
    /// Decawave's host examples do after a reset (`reset_DW1000`) **[U]**. The chip itself needs
    /// far less: its RSTn pulse needs ≥ 10 ns and the PLL locks about 5 µs after INIT
    /// (`Docs/reference/dw1000-registers.md` §1.2, UM §2.3.2), so this is margin for the crystal start-up.
    public static let defaultResetSettleTime: Duration = .milliseconds(2)
    /// How long ``waitForInterrupt(on:until:)`` pauses between two reads of the IRQ pins: 250 µs,
    /// two high-speed microframes, which keeps the bus from flooding the USB while staying well
    /// below the hundreds of µs a round trip costs anyway.
    public static let defaultInterruptPollInterval: Duration = .microseconds(250)

    /// The USB link to the FT232H.
    public let link: any FT232HLink
    /// The board: its chips' wiring and SPI clocks.
    public let board: BoardDescription
    /// The divisor of the board's initial SPI clock.
    public let initialDivisor: MPSSEClockDivisor
    /// The divisor of the board's fast SPI clock.
    public let fastDivisor: MPSSEClockDivisor
    /// How long one USB transfer, and the whole reply of one exchange, may take: 1 s by default.
    public var timeout: Duration = .seconds(1)
    /// The USB traffic so far.
    public internal(set) var statistics = FT232HStatistics()
    /// The divisor in use, `nil` before ``open()``.
    public internal(set) var currentDivisor: MPSSEClockDivisor?

    /// The output levels and directions last sent: CS high, SCK and MOSI low, RSTn and IRQ inputs.
    var pins = MPSSEPinState()
    /// Whether ``open()`` succeeded.
    var isOpen = false
    let resetSettleTime: Duration
    let interruptPollInterval: Duration
    /// Where the bus logs (``FT232HLogging``).
    let logger: Logger

    /// A bus over `link` for `board`; nothing is sent until ``open()``.
    ///
    /// - Parameters:
    ///   - resetSettleTime: the wait after releasing RSTn (``defaultResetSettleTime``).
    ///   - interruptPollInterval: the pause between IRQ reads (``defaultInterruptPollInterval``).
    ///   - logger: where the bus logs its opening (``FT232HLogging``).
    /// - Throws: ``FT232HError/unsupportedSPIMode(_:)`` if the board is not in SPI mode 0, or
    ///   ``FT232HError/clockNotReachable(_:)`` if a clock has no divisor.
    public init(
        link: any FT232HLink, board: BoardDescription, resetSettleTime: Duration = defaultResetSettleTime,
        interruptPollInterval: Duration = defaultInterruptPollInterval, logger: Logger = FT232HLogging.logger()
    ) throws(FT232HError) {
        self.logger = logger
        guard board.spi.mode == 0 else { throw .unsupportedSPIMode(board.spi.mode) }
        self.link = link
        self.board = board
        self.initialDivisor = try MPSSEClockDivisor(fastestNotAbove: board.spi.initialClock)
        self.fastDivisor = try MPSSEClockDivisor(fastestNotAbove: board.spi.fastClock)
        self.resetSettleTime = resetSettleTime
        self.interruptPollInterval = interruptPollInterval
    }

    /// How many chips the board has.
    public var chipCount: Int { board.chips.count }

    /// `true`: a batch costs one USB round trip, as a single transaction does.
    public var batchingReducesCost: Bool { true }

    /// Runs one transaction: one round trip for a read, one OUT transfer for a write.
    public func transfer(_ transaction: SPITransaction, on chip: ChipSelect) throws(SPIBusError) -> [UInt8] {
        try transfer([transaction], on: chip).first ?? []
    }

    /// Runs the transactions, each framed by its own CS low and high, in one bulk OUT transfer,
    /// and reads every answer back in one exchange.
    public func transfer(_ transactions: [SPITransaction], on chip: ChipSelect) throws(SPIBusError) -> [[UInt8]] {
        let wiring = try self.wiring(of: chip)
        var selected = pins
        selected.drive(wiring.cs, high: false)
        var commands: [MPSSECommand] = []
        for transaction in transactions {
            commands.append(selected.command(for: wiring.cs.bank))
            switch transaction.body {
            case .write(let octets):
                commands += MPSSECommand.writes(transaction.header + octets)
            case .read(let count):
                commands += MPSSECommand.writes(transaction.header)
                commands += MPSSECommand.reads(count: count)
            }
            commands.append(pins.command(for: wiring.cs.bank))
        }
        let payload = try exchange(commands)
        var responses: [[UInt8]] = []
        responses.reserveCapacity(transactions.count)
        var start = 0
        for transaction in transactions {
            let end = start + transaction.responseLength
            responses.append(Array(payload[start..<end]))
            start = end
        }
        return responses
    }

    /// Reads the chip's IRQ pin (0x81 or 0x83, then 0x87) until it is high, the DW1000's asserted
    /// level, or the deadline passes; always reads it at least once.
    public func waitForInterrupt(on chip: ChipSelect, until deadline: ContinuousClock.Instant) throws(SPIBusError) -> Bool {
        let irq = try wiring(of: chip).irq
        while true {
            let levels = try exchange([.readPins(irq.bank)])
            if let level = levels.first, level & irq.mask != 0 { return true }
            let now = ContinuousClock.now
            guard now < deadline else { return false }
            pause(min(interruptPollInterval, deadline - now))
        }
    }

    /// Drives the chip's RSTn low and releases it (makes the pin an input, never driving it high:
    /// DW1000 RSTn is open-drain), in one OUT transfer; the two commands keep it low for well over
    /// the 10 ns the chip needs. Then waits ``defaultResetSettleTime`` (or the time given at
    /// init). Chips sharing the reset line are reset with it.
    public func reset(_ chip: ChipSelect) throws(SPIBusError) {
        let resetPin = try wiring(of: chip).reset
        var asserted = pins
        asserted.drive(resetPin, high: false)
        try send([asserted.command(for: resetPin.bank), pins.command(for: resetPin.bank)])
        pause(resetSettleTime)
    }

    /// Sends 0x86 with the divisor of the board's initial or fast clock, unless it is in use.
    public func useClock(_ clock: SPIClock) throws(SPIBusError) {
        try requireOpen()
        let divisor = clock == .initial ? initialDivisor : fastDivisor
        guard divisor != currentDivisor else { return }
        try send([divisor.command])
        currentDivisor = divisor
    }

    /// The wiring of `chip`.
    ///
    /// - Throws: ``SPIBusError/noSuchChip(_:chipCount:)`` if the board has no such chip, or
    ///   ``SPIBusError/transferFailed(_:)`` if the bus is not open.
    private func wiring(of chip: ChipSelect) throws(SPIBusError) -> ChipWiring {
        try requireOpen()
        guard let boardChip = board.chips.first(where: { $0.chipSelect == chip }) else {
            throw .noSuchChip(chip, chipCount: chipCount)
        }
        return boardChip.wiring
    }

    private func requireOpen() throws(SPIBusError) {
        guard isOpen else { throw FT232HError.notOpen.busError }
    }

    /// Lets go of the board (``FT232HLink/close()``), so that it can be opened again at once;
    /// transfers fail with ``FT232HError/notOpen`` from then on.
    public func release() {
        isOpen = false
        link.close()
    }
}
