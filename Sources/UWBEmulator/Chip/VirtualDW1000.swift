import DW1000Driver
import UWBCore

/// An emulated DW1000: the device side of the SPI bus, with the chip's register semantics, its
/// transmitter and receiver state machines, and the diagnostics a real room would produce.
///
/// It runs on a ``Simulator``: register transactions happen at the simulator's current time, and
/// the chip schedules its own events (end of frame, timeouts) on the same queue.
public final class VirtualDW1000 {
    /// A name for traces and errors, such as `alice/CS1`.
    public let name: String
    /// The physical facts of this chip.
    public let hardware: ChipHardware
    /// The oscillator it shares with the other chips of its board.
    public let oscillator: Oscillator
    /// How many SPI transactions the chip has answered.
    public var transactionCount: Int { answeredTransactions }
    /// Whether the IRQ line is asserted.
    public var interruptAsserted: Bool { irqLine }

    // The storage behind `transactionCount` and `interruptAsserted`. Both change several times
    // per received frame; as internal properties every access to them is visible to the
    // optimiser, which can then leave out the runtime exclusivity checks that public stored
    // properties of a class need.
    var answeredTransactions = 0
    var irqLine = false

    /// The world around the chip; set when the chip is placed in a medium. Held weakly, except
    /// for the medium's own ports (see ``attachedPort``).
    public var environment: ChipEnvironment? {
        get { attachedPort ?? surroundings }
        set {
            if let port = newValue as? MediumPort {
                attachedPort = port
                surroundings = nil
            } else {
                attachedPort = nil
                surroundings = newValue
            }
        }
    }

    /// The storage behind ``environment`` for environments other than a medium's port, read
    /// many times per received frame: as an internal property, all its accesses are visible to
    /// the optimiser, which can then leave out the runtime exclusivity checks a public stored
    /// property of a class needs.
    weak var surroundings: ChipEnvironment?

    /// The chip's port when the environment is a medium's: held strongly, because a weak
    /// reference gives the port a side table and makes every access to it slow. The port holds
    /// its chip, device and medium `unowned`, so there is no cycle; the `Emulation` owns the
    /// medium, its devices and their chips for the whole run.
    var attachedPort: MediumPort?

    let registers = RegisterFile()
    var transmitter = TransmitterState.idle {
        didSet {
            // Only a change between idle and busy is activity: most assignments do not change it.
            guard oldValue.isBusy != transmitter.isBusy else { return }
            noteActivity(wasTransmitting: oldValue.isBusy, wasReceiving: receiver.isOn)
        }
    }
    var receiver = ReceiverState.off {
        didSet {
            // Only a change between off and on is activity (listening to receiving is neither).
            guard oldValue.isOn != receiver.isOn else { return }
            noteActivity(wasTransmitting: transmitter.isBusy, wasReceiving: oldValue.isOn)
        }
    }
    /// The activity up to ``activitySince``.
    private var accountedActivity = ChipActivity()
    /// When the transmitter or receiver last changed state.
    private var activitySince = SimulationTime.zero
    var leadingEdgeCodeLoaded = false
    /// What the last reception's configuration gave ``writeReception(_:intact:)``.
    var lastReceptionConstants: ReceptionConstants?
    /// The last answer of ``receives(_:)``.
    var lastReceiveMatch: ReceiveMatch?
    var random: SeededRandom
    /// The phase the last reset added to the receive path (``PhaseAtReset``); zero for `fixed`.
    private(set) var resetPhase = Angle.zero

    /// The counter's value at the start of the run: chips reset at different moments.
    let counterPhase: Double

    /// A chip at its reset state.
    public init(name: String, hardware: ChipHardware, oscillator: Oscillator, counterPhase: Double, random: SeededRandom) {
        self.name = name
        self.hardware = hardware
        self.oscillator = oscillator
        self.counterPhase = counterPhase
        self.random = random
        applyReset()
    }

    /// The chip's activity since the run began, up to now.
    public var activity: ChipActivity {
        var activity = accountedActivity
        activity.account(now - activitySince, transmitting: transmitter.isBusy, receiving: receiver.isOn)
        return activity
    }

    /// Accounts the period that ends now, in which the transmitter and receiver were as given.
    private func noteActivity(wasTransmitting: Bool, wasReceiving: Bool) {
        let instant = now
        accountedActivity.account(instant - activitySince, transmitting: wasTransmitting, receiving: wasReceiving)
        activitySince = instant
        if !wasTransmitting, !wasReceiving, transmitter.isBusy || receiver.isOn {
            accountedActivity.wakes += 1
        }
    }

    /// The simulator's current time (zero before the chip is placed in a medium).
    var now: SimulationTime { environment?.simulator.now ?? .zero }

    /// The continuous count of this chip's clock ticks at `time`.
    func localTicks(at time: SimulationTime) -> Double {
        counterPhase + oscillator.ticks(at: time)
    }

    /// The 40-bit counter at `time`.
    func counter(at time: SimulationTime) -> UInt64 {
        UInt64(localTicks(at: time).rounded(.down)) & DeviceClock.maximumTicks
    }

    /// The global time at which the 40-bit counter next reads `target`.
    func time(whenCounterReads target: UInt64) -> SimulationTime {
        let current = localTicks(at: now)
        let currentCounter = UInt64(current.rounded(.down)) & DeviceClock.maximumTicks
        let ahead = (target &- currentCounter) & DeviceClock.maximumTicks
        return oscillator.time(atTicks: current.rounded(.down) + Double(ahead) - counterPhase, after: now)
    }

    /// The global span that `ticks` of this chip's clock take now.
    func span(ofTicks ticks: Int64) -> Duration {
        .seconds(oscillator.seconds(forTicks: Double(ticks), at: now))
    }

    /// The carrier phase the receive path adds now: the hardware's offset plus what the last reset
    /// added (``PhaseAtReset``). On a board, the differences between its chips' values are what
    /// PDoA calibration must find.
    public var phaseOffset: Angle {
        hardware.phaseOffset + resetPhase
    }

    /// Puts every register back to its reset value and stops the radio (RSTn or SOFTRESET); the
    /// PLL relocks, at a new phase if the hardware says so.
    func applyReset() {
        if hardware.phaseAtReset == .random {
            resetPhase = Angle(radians: random.uniform(-Double.pi...Double.pi))
        }
        cancelTransmitter()
        cancelReceiver()
        registers.reset()
        registers.set(.eui, hardware.extendedUniqueIdentifier)
        setStatus(Register.SysStatus.cplock.mask)
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
        let withSummary = active ? status | Register.SysStatus.irqs.mask : status & ~Register.SysStatus.irqs.mask
        if withSummary != status {
            registers.set(.sysStatus, withSummary)
        }
        if active != irqLine {
            irqLine = active
            environment?.interruptChanged(on: self)
        }
    }

    /// Status bits that a host write of 1 clears, from the register map.
    static let writeOneToClear = Register.SysStatus.fields
        .filter { $0.access == .writeOneToClear }.reduce(UInt64(0)) { $0 | $1.mask }

    /// Status bits that an RX enable or a TX enable clears, from the register map.
    static let clearedByReceiverEnable = Register.SysStatus.fields
        .filter { $0.clearedBy == .rxEnable }.reduce(UInt64(0)) { $0 | $1.mask }
    static let clearedByTransmitterEnable = Register.SysStatus.fields
        .filter { $0.clearedBy == .txEnable }.reduce(UInt64(0)) { $0 | $1.mask }
}

extension VirtualDW1000 {
    /// RSTn: everything back to reset, the LDE microcode unloaded.
    func hardReset() {
        applyReset()
        leadingEdgeCodeLoaded = false
    }
}
