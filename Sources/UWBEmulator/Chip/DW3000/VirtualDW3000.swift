import DW3000Driver
import UWBCore

/// An emulated DW3000-family chip (DW3110, DW3120, DW3210, DW3220): the device side of the SPI
/// bus with the DW3000 User Manual's register semantics, on the shared radio core
/// (``VirtualRadio``) that puts its frames on the air and hears others', in the same rooms as
/// ``VirtualDW1000``s.
///
/// Beyond the DW1000 it sends and checks a scrambled timestamp sequence (STS) and, on the two-port
/// parts, measures the phase difference between its antennas itself (`Docs/emulator.md`, "The
/// virtual DW3000").
public final class VirtualDW3000: VirtualRadio, VirtualChip {
    /// The DW3000 family.
    public var family: ChipFamily { .dw3000 }
    /// The part: its DEV_ID and whether it has a second antenna port depend on it.
    public let model: ChipModel

    /// What RX_CAL_RESI and RX_CAL_RESQ hold after a successful PGF calibration [U: any value
    /// other than the failure pattern 0x1FFFFFFF of the Qorvo API's `ERR_RX_CAL_FAIL`].
    static let calibrationResult: UInt64 = 0x0000_0A5A

    let memory = DW3000Memory()
    /// The STS counter: the IV's low 32 bits as the next STS frame sent or received will use
    /// them. STS_CTRL.LOAD_IV loads it from STS_IV; each frame with an STS advances it by its
    /// length's `SecureTimestampLength.counterStep` (32 for 64 symbols) (Qorvo DW3000 API,
    /// `dwt_configurestsloadiv`, and its notes on the counter's auto-increment).
    var stsCounter: UInt32 = 0
    /// The last reception's STS accumulation, for the same; nil without an STS.
    var lastSecureAccumulation: LastAccumulation?

    /// A chip of `model` at its power-on state (IDLE_RC).
    public init(
        name: String, model: ChipModel, hardware: ChipHardware, oscillator: Oscillator, counterPhase: Double,
        random: SeededRandom
    ) {
        self.model = model
        super.init(name: name, hardware: hardware, oscillator: oscillator, counterPhase: counterPhase, random: random)
        applyReset()
    }

    /// RSTn: everything back to its power-on state.
    public func hardReset() {
        applyReset()
    }

    /// Every register back to its reset value and the radio stopped; the chip is in IDLE_RC with
    /// RCINIT and SPIRDY set (DW3000 User Manual §2.4, §8.2.2.20), and the PLL relocks, at a new
    /// phase if the hardware says so.
    func applyReset() {
        resetRadio()
        memory.reset()
        memory.set(.devId, UInt64(model.antennaPorts > 1 ? DW3000Constants.phaseDifferenceDeviceID : DW3000Constants.deviceID))
        memory.set(.eui64, hardware.extendedUniqueIdentifier)
        stsCounter = 0
        setStatus(DW3000Register.SysStatus.rcinit.mask | DW3000Register.SysStatus.spirdy.mask)
    }

    /// Sets SYS_STATUS bits and updates the IRQ line.
    func setStatus(_ bits: UInt64) {
        memory.set(.sysStatus, memory.value(.sysStatus) | bits)
        updateInterrupt()
    }

    /// Clears SYS_STATUS bits and updates the IRQ line.
    func clearStatus(_ bits: UInt64) {
        memory.set(.sysStatus, memory.value(.sysStatus) & ~bits)
        updateInterrupt()
    }

    /// The IRQ line is (SYS_STATUS & SYS_ENABLE) ≠ 0 over the event bits; IRQS mirrors it
    /// (User Manual §8.2.2.18–19).
    func updateInterrupt() {
        let status = memory.value(.sysStatus)
        let irqs = DW3000Register.SysStatus.irqs.mask
        let active = status & memory.value(.sysEnable) & ~irqs != 0
        let withSummary = active ? status | irqs : status & ~irqs
        if withSummary != status {
            memory.set(.sysStatus, withSummary)
        }
        if active != irqLine {
            irqLine = active
            environment?.interruptChanged(on: self)
        }
    }

    /// Status bits that a host write of 1 clears, from the register map.
    static let writeOneToClear = DW3000Register.SysStatus.fields
        .filter { $0.access == .writeOneToClear }.reduce(UInt64(0)) { $0 | $1.mask }
}
