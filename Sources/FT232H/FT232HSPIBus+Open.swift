import Logging
import UWBCore

extension FT232HSPIBus {
    /// Puts the FT232H into MPSSE mode as an SPI mode-0 master with every chip deselected.
    ///
    /// Control requests to interface A: SIO reset, purge host→chip, purge chip→host, latency
    /// timer ``latencyTimer``, bit mode reset, bit mode MPSSE with the ADBUS directions
    /// (`Docs/reference/ftdi-mpsse.md` §2.1). Then the sync (0xAA 0x87, answered `FA AA`, AN_135 §4) and one
    /// bulk OUT with divide-by-5 off (0x8A), three-phase and adaptive clocking off (0x8D, 0x97),
    /// loopback off (0x85), the initial clock divisor (0x86) and the initial pins (0x80, 0x82):
    /// SCK and MOSI low, every CS high, RSTn and IRQ pins inputs (RSTn is released, never driven
    /// high), other pins inputs.
    ///
    /// - Throws: ``FT232HError/syncFailed(received:)`` if the chip does not answer the sync, or
    ///   ``FT232HError/link(_:)`` with the USB error.
    public func open() throws(FT232HError) {
        do {
            try setUp()
        } catch {
            logger.warning("FT232H did not open", metadata: [LogMetadataKey.error: "\(error)"])
            throw error
        }
        logger.debug("FT232H open in MPSSE mode", metadata: ["spi.clock": "\(initialDivisor)", "chips": "\(chipCount)"])
    }

    /// The steps of ``open()``.
    private func setUp() throws(FT232HError) {
        isOpen = false
        var initial = MPSSEPinState()
        initial.drive(.adbus0, high: false)
        initial.drive(.adbus1, high: false)
        for chip in board.chips {
            initial.drive(chip.wiring.cs, high: true)
        }
        do {
            try control(.reset, value: FTDIResetValue.resetSIO.rawValue)
            try control(.reset, value: FTDIResetValue.purgeHostToChip.rawValue)
            try control(.reset, value: FTDIResetValue.purgeChipToHost.rawValue)
            try control(.setLatencyTimer, value: Self.latencyTimer)
            try control(.setBitMode, value: FTDIBitMode.reset.requestValue(direction: 0))
            try control(.setBitMode, value: FTDIBitMode.mpsse.requestValue(direction: initial.direction(of: .low)))
        } catch {
            throw .link(error)
        }
        try synchronize()
        do {
            try send([
                .divideByFiveOff, .threePhaseClockingOff, .adaptiveClockingOff, .loopbackOff, initialDivisor.command,
                initial.command(for: .low), initial.command(for: .high),
            ])
        } catch {
            throw .link(error)
        }
        pins = initial
        currentDivisor = initialDivisor
        isOpen = true
    }

    /// Sends the undefined opcode 0xAA and expects the chip's bad-command answer `FA AA`.
    private func synchronize() throws(FT232HError) {
        let expected: [UInt8] = [MPSSEOpcode.badCommandMarker, MPSSEOpcode.synchronize]
        var answer: [UInt8] = []
        do {
            try send([.badCommand(MPSSEOpcode.synchronize), .sendImmediate])
            try receive(expected.count, into: &answer)
        } catch {
            switch error {
            case .disconnected: throw .link(error)
            default: throw .syncFailed(received: answer)
            }
        }
        guard answer == expected else { throw .syncFailed(received: answer) }
    }
}
