import UWBCore

/// One part of an emulated world split into parts (decision 0030): a simulator of its own, which runs
/// the events of the devices assigned to the part and nothing else; every sender's links to the part's
/// devices; and the frames its devices sent, held until the other parts carry them to their devices.
///
/// Parts run in numbered windows, all to one instant, the window's limit: the earliest of every
/// part's horizon (``horizon(notBefore:landing:)``), the earliest instant at which one of its chips
/// could put a frame on the air. At the start of a window each part carries the frames the others
/// sent in the window before to its own devices (the medium works out each link on the receiver's
/// side, so the parts share the work of a frame heard by many), then runs its events up to the limit,
/// each part on a thread of its own. No frame from another part can reach it before the limit: a frame
/// reaches even a co-located antenna a picosecond after it leaves (`Medium.picoseconds(ofFlight:)`), and
/// what it does depends only on the chip when its preamble arrives, not on when it was carried. So every part
/// runs each of its devices' events in the order one simulator would (``EventKey``), and the world's
/// output does not depend on how it is split.
///
/// A part's simulator, devices, links and trace fragments are used by one thread at a time: its own
/// within a window, the one that leads the world between windows. Its queues of frames sent alternate
/// by window: a part fills one set while the other parts empty the other.
final class WorldPart {
    /// How far ahead of the event that commands it a frame goes on the air at the earliest: the
    /// transmitter's power-up (`VirtualRadio.transmitterPowerUp`, 5 µs), less 1 µs for a chip whose
    /// clock runs fast (at the scenario limit of 100 ppm, 0.5 ns) and for rounding to its ticks. A
    /// frame arriving cannot make its receiver transmit sooner either: it must be received, and the
    /// radio loop come round, first.
    static let lookahead = VirtualRadio.transmitterPowerUp - .microseconds(1)

    /// The part's place among the world's parts.
    let index: Int
    /// The part's simulator.
    let simulator = Simulator()
    /// Per window parity, per receiving part (by index): the frames this part's devices sent in the last
    /// window of that parity, for that part to carry to its devices.
    private let outgoing: [[CrossingQueue]]
    /// The indices in the medium of the devices the part runs, in ascending order: a device's place
    /// here is its ``MediumNode/localIndex``.
    var members: [Int] = []
    /// Per sender (by index in the medium): its links to the part's devices. Used only by the part's
    /// thread; taken out and put back around each frame (``Medium/carry(_:in:)``), so that no access
    /// calls out while another is open, and it goes without the runtime exclusivity check.
    @exclusivity(unchecked) var links: [SenderLinks] = []
    /// The window the part is running, or ran last.
    private var window = 0
    /// The trace records and outcomes this part's devices gave since the world last collected them.
    @exclusivity(unchecked) var trace = TraceFragments()
    /// How many frames the part sent to other parts.
    private(set) var crossings = 0
    /// How many windows the part has run.
    private(set) var windows = 0
    /// When the part's thread finished its last window, and how long, in all, it waited for the
    /// others at the end of its windows (``PartCrew``).
    var finished = ContinuousClock.now
    var blocked = Duration.zero

    /// What the part did so far.
    var figures: PartFigures {
        PartFigures(
            part: index, devices: members.count, events: simulator.eventsRun, crossings: crossings, windows: windows,
            blockedSeconds: blocked.secondsValue)
    }

    /// Part `index` of `count`.
    init(index: Int, of count: Int) {
        self.index = index
        outgoing = (0..<2).map { _ in (0..<count).map { _ in CrossingQueue() } }
    }

    /// Holds `frame`, sent by one of this part's devices, for part `part` to carry to its devices.
    func send(_ frame: OutgoingFrame, to part: Int) {
        outgoing[window & 1][part].append(frame)
        crossings += 1
    }

    /// When the earliest frame the other parts sent in window `window` went on the air, if they sent any:
    /// this part carries them to its devices, which hear them no sooner.
    func earliestLanding(from parts: [WorldPart], sentIn window: Int) -> SimulationTime? {
        parts.compactMap { $0 === self ? nil : $0.outgoing[window & 1][index].earliest }.min()
    }

    /// Runs window `window` up to `limit`: carries the frames the other parts sent in the window before to
    /// this part's devices, part by part (the order does not matter: each link has its own stream, each
    /// arrival its own place in the simulator's order, and a port keeps its frames in theirs), then runs
    /// the part's events.
    ///
    /// A frame must be carried before the part's clock passes its start: the windows guarantee it
    /// (``lookahead``). One that came too late would be heard too late without a trace, so one is a defect
    /// of the emulator, and the run stops with the frame's times.
    func run(window: Int, notAfter limit: SimulationTime, parts: [WorldPart]) {
        self.window = window
        windows += 1
        for part in parts where part !== self {
            part.outgoing[(window - 1) & 1][index].drain { frame in
                precondition(
                    frame.transmission.start >= simulator.now,
                    "a frame sent at \(frame.transmission.start) reached part \(index) after it had run to \(simulator.now): the parts' lookahead is wrong")
                frame.medium.carry(frame, in: self)
            }
        }
        simulator.run(notAfter: limit)
    }

    /// The earliest instant at or after `time` (no earlier than the world's next event) at which one of
    /// the part's chips may put a frame on the air: a transmission already set up, or one that its next
    /// event, or the earliest frame still `landing` on it, leads to ``lookahead`` later; nil if the part
    /// has nothing left to run.
    func horizon(notBefore time: SimulationTime, landing: SimulationTime?) -> SimulationTime? {
        let next = [simulator.nextEventTime, landing].compactMap { $0 }.min()
        return [next.map { $0 + Self.lookahead }, simulator.earliestTransmission(notBefore: time)].compactMap { $0 }.min()
    }
}
