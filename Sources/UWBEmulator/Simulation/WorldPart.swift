import UWBCore

/// One part of an emulated world split into parts (decision 0030): a simulator of its own, which runs
/// the events of the devices assigned to the part and nothing else, and the frames its devices'
/// transmissions carry to chips of other parts, held until the parts next meet.
///
/// Parts run in windows. At the start of each, every part lands the frames sent to it and says how
/// far it may run: to its own horizon (``horizon(notBefore:)``), the earliest instant at which one of
/// its chips could put a frame on the air. Every part then runs its events up to the earliest horizon
/// of all, on its own thread. No frame from another part can reach it in that window: a frame reaches
/// even a co-located antenna a picosecond after it leaves (`Medium.picoseconds(ofFlight:)`), and what
/// it does depends only on the chip when its preamble arrives, not on when it was carried. So every
/// part runs each of its devices' events in the order one simulator would (``EventKey``), and the
/// world's output does not depend on how it is split.
///
/// A part is used by one thread at a time: its own within a window, the one that runs the world
/// between windows.
final class WorldPart {
    /// How far ahead of the event that commands it a frame goes on the air at the earliest: the
    /// transmitter's power-up (`VirtualRadio.transmitterPowerUp`, 5 µs), less 1 µs for a chip whose
    /// clock runs fast (at the scenario limit of 100 ppm, 0.5 ns) and for rounding to its ticks.
    static let lookahead = VirtualRadio.transmitterPowerUp - .microseconds(1)

    /// The part's place among the world's parts.
    let index: Int
    /// The part's simulator.
    let simulator = Simulator()
    /// Per part (by index): the frames this part's devices' transmissions carried to that part's
    /// chips since the parts last met. Changed by this part's thread within a window and emptied by
    /// the receiving part's thread between windows, never at once; no access calls out, so it goes
    /// without the runtime exclusivity check.
    @exclusivity(unchecked) private var outgoing: [[CrossingFrame]]
    /// The trace records and outcomes this part's devices gave since the parts last met.
    @exclusivity(unchecked) var trace = TraceFragments()

    /// Part `index` of `count`.
    init(index: Int, of count: Int) {
        self.index = index
        outgoing = Array(repeating: [], count: count)
    }

    /// Holds `frame`, carried by one of this part's transmissions, for part `part`.
    func send(_ frame: CrossingFrame, to part: Int) {
        outgoing[part].append(frame)
    }

    /// Lands every frame the other parts carried to this part's chips since the parts last met,
    /// part by part. The order does not matter: each arrival has its own place in the simulator's
    /// order, and a port keeps its frames in theirs.
    func land(from parts: [WorldPart]) {
        for part in parts where part !== self {
            part.handOver(to: index) { frame in
                frame.land(on: simulator)
            }
        }
    }

    /// Hands the frames held for part `receiver` to `body`, then forgets them.
    private func handOver(to receiver: Int, _ body: (CrossingFrame) -> Void) {
        guard !outgoing[receiver].isEmpty else { return }
        for frame in outgoing[receiver] {
            body(frame)
        }
        outgoing[receiver].removeAll(keepingCapacity: true)
    }

    /// The earliest instant at or after `time` (no earlier than the world's next event) at which one of
    /// the part's chips may put a frame on the air: a transmission already set up, or one that its next
    /// event commands, ``lookahead`` later; nil if the part has nothing left to run.
    func horizon(notBefore time: SimulationTime) -> SimulationTime? {
        let commanded = simulator.nextEventTime.map { $0 + Self.lookahead }
        let set = simulator.earliestTransmission(notBefore: time)
        switch (commanded, set) {
        case (let commanded?, let set?): return min(commanded, set)
        case (let commanded?, nil): return commanded
        case (nil, let set?): return set
        case (nil, nil): return nil
        }
    }
}
