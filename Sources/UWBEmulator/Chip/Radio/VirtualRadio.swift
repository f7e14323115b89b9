import UWBCore

/// The radio core every virtual chip shares, whatever its family: its clock, its place in the
/// world, what its transmitter and receiver are doing, and the activity that adds up to. The
/// register semantics (what the chip answers on SPI) are the family's (``VirtualChip``:
/// ``VirtualDW1000``, ``VirtualDW3000``); what goes on in the air is the same for both.
///
/// It runs on a ``Simulator``: register transactions happen at the simulator's current time, and
/// the chip schedules its own events (end of frame, timeouts) on the same queue.
public class VirtualRadio {
    /// A name for traces and errors, such as `alice/CS1`.
    public let name: String
    /// The physical facts of this chip.
    public let hardware: ChipHardware
    /// The oscillator it shares with the other chips of its board.
    public let oscillator: Oscillator
    /// How many SPI transactions the chip has answered.
    public final var transactionCount: Int { answeredTransactions }
    /// Whether the IRQ line is asserted.
    public final var interruptAsserted: Bool { irqLine }

    // The storage behind `transactionCount` and `interruptAsserted`. Both change several times
    // per received frame; as internal properties every access to them is visible to the
    // optimiser, which can then leave out the runtime exclusivity checks that public stored
    // properties of a class need.
    final var answeredTransactions = 0
    final var irqLine = false

    /// The world around the chip; set when the chip is placed in a medium. Held weakly, except
    /// for the medium's own ports (see ``attachedPort``).
    public final var environment: ChipEnvironment? {
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
    final weak var surroundings: ChipEnvironment?

    /// The chip's port when the environment is a medium's: held strongly, because a weak
    /// reference gives the port a side table and makes every access to it slow. The port holds
    /// its chip, device and medium `unowned(unsafe)`, so there is no cycle; the `Emulation` owns the
    /// medium, its devices and their chips for the whole run.
    final var attachedPort: MediumPort?

    final var transmitter = TransmitterState.idle {
        didSet {
            // Only a change between idle and busy is activity: most assignments do not change it.
            guard oldValue.isBusy != transmitter.isBusy else { return }
            noteActivity(wasTransmitting: oldValue.isBusy, wasReceiving: receiver.isOn)
        }
    }
    final var receiver = ReceiverState.off {
        didSet {
            let hunting = receiver.isHunting
            if hunting != isHunting {
                isHunting = hunting
                if hunting {
                    attachedPort?.receiverStartsHunting()
                }
            }
            // Only a change between off and on is activity (listening to receiving is neither).
            guard oldValue.isOn != receiver.isOn else { return }
            noteActivity(wasTransmitting: transmitter.isBusy, wasReceiving: oldValue.isOn)
        }
    }
    /// Whether the receiver is hunting for a preamble (``ReceiverState/isHunting``), kept as the state
    /// changes: the medium asks for every frame it carries, and this answer copies no state.
    final private(set) var isHunting = false
    /// The activity up to ``activitySince``. Updated twice per frame and only ever in
    /// ``noteActivity(wasTransmitting:wasReceiving:)``, which calls nothing while it does, so accesses cannot
    /// overlap and it goes without the runtime exclusivity check (decision 0020).
    @exclusivity(unchecked) private final var accountedActivity = ChipActivity()
    /// When the transmitter or receiver last changed state.
    private final var activitySince = SimulationTime.zero
    final var random: SeededRandom
    /// What the chip read off its preamble accumulator for the last frame it kept (its leading edge,
    /// levels and symbols), for benchmarks and tools that compare the emulator with measurements; nil
    /// until it keeps one. Worked out again from ``lastAccumulation`` on every call, to the same values.
    public final var lastPreambleReading: PreambleReading? { lastAccumulation?.reading }
    /// The last reception's preamble accumulation, with ``lastPreambleReading``, for a read of the
    /// whole accumulator (ACC_MEM on the DW1000, the CIR memory on the DW3000, and
    /// ``lastReceivedAccumulator``); nil until a frame is kept.
    final var lastAccumulation: LastAccumulation?
    /// The phase the last reset added to the receive path (``PhaseAtReset``); zero for `fixed`.
    private(set) final var resetPhase = Angle.zero

    /// The counter's value at the start of the run: chips reset at different moments.
    final let counterPhase: Double

    /// A radio core; the family's initializer puts its registers at their reset state.
    init(name: String, hardware: ChipHardware, oscillator: Oscillator, counterPhase: Double, random: SeededRandom) {
        self.name = name
        self.hardware = hardware
        self.oscillator = oscillator
        self.counterPhase = counterPhase
        self.random = random
    }

    /// The chip's activity since the run began, up to now.
    public final var activity: ChipActivity {
        var activity = accountedActivity
        activity.account(now - activitySince, transmitting: transmitter.isBusy, receiving: receiver.isOn)
        return activity
    }

    /// Accounts the period that ends now, in which the transmitter and receiver were as given.
    private final func noteActivity(wasTransmitting: Bool, wasReceiving: Bool) {
        let instant = now
        accountedActivity.account(instant - activitySince, transmitting: wasTransmitting, receiving: wasReceiving)
        activitySince = instant
        if !wasTransmitting, !wasReceiving, transmitter.isBusy || receiver.isOn {
            accountedActivity.wakes += 1
        }
    }

    /// The simulator's current time (zero before the chip is placed in a medium).
    final var now: SimulationTime { simulator?.now ?? .zero }

    /// The simulator of the chip's environment, if it has one: read from the medium's port
    /// directly when the chip has one, without the existential ``environment`` and a protocol call,
    /// because the chip asks for it several times per frame.
    final var simulator: Simulator? { attachedPort?.simulator ?? surroundings?.simulator }

    /// The continuous count of this chip's clock ticks at `time`.
    final func localTicks(at time: SimulationTime) -> Double {
        counterPhase + oscillator.ticks(at: time)
    }

    /// The 40-bit counter at `time`.
    final func counter(at time: SimulationTime) -> UInt64 {
        UInt64(localTicks(at: time).rounded(.down)) & DeviceClock.maximumTicks
    }

    /// The global time at which the 40-bit counter next reads `target`.
    final func time(whenCounterReads target: UInt64) -> SimulationTime {
        let current = localTicks(at: now)
        let currentCounter = UInt64(current.rounded(.down)) & DeviceClock.maximumTicks
        let ahead = (target &- currentCounter) & DeviceClock.maximumTicks
        return oscillator.time(atTicks: current.rounded(.down) + Double(ahead) - counterPhase, after: now)
    }

    /// The global span that `ticks` of this chip's clock take now.
    final func span(ofTicks ticks: Int64) -> Duration {
        .seconds(oscillator.seconds(forTicks: Double(ticks), at: now))
    }

    /// The carrier phase the receive path adds now: the hardware's offset plus what the last reset
    /// added (``PhaseAtReset``). On a board, the differences between its chips' values are what
    /// PDoA calibration must find.
    public final var phaseOffset: Angle {
        hardware.phaseOffset + resetPhase
    }

    /// What a reset (RSTn or a soft reset) does to the radio: the transmitter and receiver stop,
    /// and the PLL relocks, at a new phase if the hardware says so. The family's reset then puts
    /// its registers back.
    final func resetRadio() {
        if hardware.phaseAtReset == .random {
            resetPhase = Angle(radians: random.uniform(-Double.pi...Double.pi))
        }
        cancelTransmitter()
        cancelReceiver()
    }
}
