import DW1000Driver
import UWBCore

/// An emulated DW1000: the device side of the SPI bus, with the chip's register semantics, on the
/// shared radio core (``VirtualRadio``) that puts its frames on the air and hears others'.
///
/// It runs on a ``Simulator``: register transactions happen at the simulator's current time, and
/// the chip schedules its own events (end of frame, timeouts) on the same queue.
public final class VirtualDW1000: VirtualRadio, VirtualChip {
    /// The DW1000 family.
    public var family: ChipFamily { .dw1000 }

    let registers = RegisterFile()
    var leadingEdgeCodeLoaded = false
    /// What the last reception's configuration gave ``writeReception(_:intact:)``.
    var lastReceptionConstants: ReceptionConstants?
    /// The last answer of ``receives(_:)``.
    var lastReceiveMatch: ReceiveMatch?
    /// The accumulator taps ACC_MEM holds of the last reception (``completeAccumulator(for:)``).
    var accumulatorHolds: Range<Int> = 0..<0
    /// Whether the taps of ``accumulatorHolds`` are still to be written into ACC_MEM from
    /// ``lastPreambleReading``: a reception leaves them to the first read of ACC_MEM, which few
    /// receptions see (``writePendingAccumulatorTaps()``).
    var accumulatorTapsPending = false

    /// A chip at its reset state.
    public override init(name: String, hardware: ChipHardware, oscillator: Oscillator, counterPhase: Double, random: SeededRandom) {
        super.init(name: name, hardware: hardware, oscillator: oscillator, counterPhase: counterPhase, random: random)
        applyReset()
    }

    /// Puts every register back to its reset value and stops the radio (RSTn or SOFTRESET); the
    /// PLL relocks, at a new phase if the hardware says so.
    func applyReset() {
        resetRadio()
        registers.reset()
        accumulatorTapsPending = false
        registers.set(.eui, hardware.extendedUniqueIdentifier)
        setStatus(DW1000Register.SysStatus.cplock.mask)
    }

    /// Sets SYS_STATUS bits and updates the IRQ line.
    func setStatus(_ bits: UInt64) {
        registers.set(.sysStatus, registers.value(.sysStatus) | bits)
        updateInterrupt()
    }

    /// Clears SYS_STATUS bits and updates the IRQ line.
    func clearStatus(_ bits: UInt64) {
        registers.set(.sysStatus, registers.value(.sysStatus) & ~bits)
        updateInterrupt()
    }

    /// The IRQ line is (SYS_STATUS & SYS_MASK) ≠ 0 over the low 32 bits (UM §7.2.17); IRQS mirrors it.
    func updateInterrupt() {
        let status = registers.value(.sysStatus)
        let active = status & registers.value(.sysMask) & 0xFFFF_FFFE != 0
        let withSummary = active ? status | DW1000Register.SysStatus.irqs.mask : status & ~DW1000Register.SysStatus.irqs.mask
        if withSummary != status {
            registers.set(.sysStatus, withSummary)
        }
        if active != irqLine {
            irqLine = active
            environment?.interruptChanged(on: self)
        }
    }

    /// Status bits that a host write of 1 clears, from the register map.
    static let writeOneToClear = DW1000Register.SysStatus.fields
        .filter { $0.access == .writeOneToClear }.reduce(UInt64(0)) { $0 | $1.mask }

    /// Status bits that an RX enable or a TX enable clears, from the register map.
    static let clearedByReceiverEnable = DW1000Register.SysStatus.fields
        .filter { $0.clearedBy == .rxEnable }.reduce(UInt64(0)) { $0 | $1.mask }
    static let clearedByTransmitterEnable = DW1000Register.SysStatus.fields
        .filter { $0.clearedBy == .txEnable }.reduce(UInt64(0)) { $0 | $1.mask }
}

extension VirtualDW1000 {
    /// RSTn: everything back to reset, the LDE microcode unloaded.
    public func hardReset() {
        applyReset()
        leadingEdgeCodeLoaded = false
    }
}
