/// The wValue of an SIO_RESET request (``FTDIRequest/reset``), `Docs/reference/ftdi-mpsse.md` §2.
///
/// The purge values are named by the direction of the data they drop, because the chip-side names
/// of libftdi ≤ 1.4 (`PURGE_RX = 1`, `PURGE_TX = 2`) read backwards from the host.
public enum FTDIResetValue: UInt16, CaseIterable, Hashable, Sendable {
    /// 0: reset the SIO: purges both buffers, turns off the event character and flow control.
    case resetSIO = 0
    /// 1: drop the data going host → chip (the OUT FIFO); libftdi 1.5 `SIO_TCOFLUSH`.
    case purgeHostToChip = 1
    /// 2: drop the data going chip → host (the IN FIFO); libftdi 1.5 `SIO_TCIFLUSH`.
    case purgeChipToHost = 2
}
