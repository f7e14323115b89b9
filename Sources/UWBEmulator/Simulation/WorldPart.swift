import UWBCore
import Synchronization

/// One part of an emulated world split into parts (decision 0030): a simulator of its own, which runs
/// the events of the devices assigned to the part and nothing else; every sender's links to the part's
/// devices; and the frames its devices sent, held until the other parts carry them to their devices.
///
/// The world runs in windows of at most ``windowSpan``. Within a window every part runs on a thread of
/// its own (``PartCrew``), as far as the others let it. Each part publishes a promise: the earliest
/// instant at which one of its chips may put a frame on the air, but in answer to frames not carried to
/// it yet (its next event, or a transmission already set up). A part may run its events up to the
/// earliest instant at which a frame from another part could come: another part's promise; a frame
/// waiting to be carried to another part, which may answer it ``lookahead`` later; and its own promise,
/// which another part may answer that much later. That is conservative synchronisation without a global
/// step, and without the creep of a promise that only follows the others': when the parts have nothing
/// to do, their promises jump to their next events. No frame from another part reaches a part before
/// its limit, since a frame reaches even a co-located antenna a picosecond after it leaves
/// (`Medium.picoseconds(ofFlight:)`), and what it does depends only on the chip when its preamble
/// arrives, not on when it was carried. So every part runs each of its devices' events in the order one
/// simulator would (``EventKey``), and the world's output does not depend on how it is split or on how
/// its threads are scheduled.
///
/// A part's simulator, devices, links and trace fragments are used by one thread at a time: its own
/// within a window, the one that leads the world between windows. Only its promise and its queues of
/// frames sent (``CrossingQueue``, locked) are shared within a window.
final class WorldPart {
    /// How far ahead of the event that commands it a frame goes on the air at the earliest: the
    /// transmitter's power-up (`VirtualRadio.transmitterPowerUp`, 5 µs), less 1 µs for a chip whose
    /// clock runs fast (at the scenario limit of 100 ppm, 0.5 ns) and for rounding to its ticks. A
    /// frame arriving cannot make its receiver transmit sooner either: it must be received, and the
    /// radio loop come round, first.
    static let lookahead = VirtualRadio.transmitterPowerUp - .microseconds(1)

    /// How much virtual time one window of the world spans at most: 1 ms [D: modelling choice: between
    /// windows the world takes work posted from other threads, writes the trace's settled frames and,
    /// paced, waits for the wall clock; within one, the parts synchronise by their promises alone].
    static let windowSpan = Duration.milliseconds(1)

    /// How much virtual time one window spans at most in an unpaced run whose parts never wait for each
    /// other (``PartGroups``: devices fitted for bands that do not overlap): 100 ms [D: measured, session
    /// 65: two parts of ranging pairs on channels 5 and 9 ran 1.40×, 1.59× and 1.76× as fast as one
    /// part with windows of 1, 20 and 100 ms; each window ends with every part's thread waiting for the
    /// slowest, and one that had fallen asleep waking]. What is posted from other threads waits that much
    /// virtual time at most, as it waits 1 ms otherwise.
    static let separateWindowSpan = Duration.milliseconds(100)

    /// The part's place among the world's parts.
    let index: Int
    /// The part's simulator.
    let simulator = Simulator()
    /// Per receiving part (by index): the frames this part's devices sent, for that part to carry to its
    /// devices.
    private let outgoing: [CrossingQueue]
    /// What the world's parts publish to each other (``PartSignals``).
    private let signals: PartSignals
    /// The part's promise, in picoseconds: no chip of the part will put a frame on the air before it, but
    /// in answer to frames still waiting in its queues; `Int64.max` while it has nothing to do. Its own
    /// thread changes it within a window, the leader between windows.
    let promise: PublishedValue
    /// Whether any of the part's devices may transmit; false once all are said to listen only
    /// (`Emulation.listenOnly(device:)`). Set before the world runs.
    var transmits: Bool {
        get { signals.transmits(index).loadRelaxed() != 0 }
        set { signals.transmits(index).store(newValue ? 1 : 0) }
    }
    /// A device fitted for `band` (``MediumNode/band``) joins the part: the part joins the group of every
    /// part it can reach (``PartGroups``).
    func deviceJoins(band: Channel?) {
        signals.join(band: band, part: index)
    }

    /// Whether part `other` is in this part's group: only then may a frame of either reach the other's
    /// devices, or lead to one that does, so only then does either wait for the other or send it frames.
    func heeds(_ other: Int) -> Bool {
        signals.group(of: other).loadRelaxed() == signals.group(of: index).loadRelaxed()
    }

    /// Whether another part of the part's group may transmit, and so answer the part's frames.
    var answerable: Bool {
        (0..<signals.parts).contains { $0 != index && heeds($0) && signals.transmits($0).loadRelaxed() != 0 }
    }

    /// The indices in the medium of the devices the part runs, in ascending order: a device's place
    /// here is its ``MediumNode/localIndex``.
    var members: [Int] = []
    /// Per sender (by index in the medium): its links to the part's devices. Used only by the part's
    /// thread; taken out and put back around each frame (``Medium/carry(_:in:)``), so that no access
    /// calls out while another is open, and it goes without the runtime exclusivity check.
    @exclusivity(unchecked) var links: [SenderLinks] = []
    /// The trace records and outcomes this part's devices gave since the world last collected them.
    @exclusivity(unchecked) var trace = TraceFragments()
    /// How many frames the part sent to other parts.
    private(set) var crossings = 0
    /// How many windows the part has run.
    var windows = 0
    /// How long, in all, its thread waited for the other parts (``PartCrew``).
    var blocked = Duration.zero

    /// What the part did so far.
    var figures: PartFigures {
        PartFigures(
            part: index, devices: members.count, events: simulator.eventsRun, crossings: crossings, windows: windows,
            blockedSeconds: blocked.secondsValue)
    }

    /// Part `index` of the world whose parts publish to each other through `signals`.
    init(index: Int, signals: PartSignals) {
        self.index = index
        self.signals = signals
        promise = signals.promise(of: index)
        outgoing = (0..<signals.parts).map { CrossingQueue(earliestStart: signals.waiting(from: index, to: $0)) }
    }

    /// Where the part's frames for other parts go when those parts run in other processes
    /// (``RankedWorld``): there, instead of to the part's queues.
    var courier: ((OutgoingFrame, Int) -> Void)?

    /// Holds `frame`, sent by one of this part's devices, for part `part` to carry to its devices; or,
    /// if the part has a ``courier``, hands it to that at once.
    func send(_ frame: OutgoingFrame, to part: Int) {
        if let courier {
            courier(frame, part)
        } else {
            outgoing[part].append(frame)
        }
        crossings += 1
    }

    /// When the earliest frame the other parts sent this part and it has not carried yet went on the air:
    /// its devices hear it no sooner.
    func earliestLanding() -> SimulationTime? {
        var earliest = Int64.max
        for sender in 0..<signals.parts where sender != index {
            earliest = min(earliest, signals.waiting(from: sender, to: index).load())
        }
        return earliest == .max ? nil : SimulationTime(picoseconds: earliest)
    }

    /// Carries the frames the other parts sent this part to its devices, part by part (the order does not
    /// matter: each link has its own stream, each arrival its own place in the simulator's order, and a
    /// port keeps its frames in theirs). Before it takes them out of their queues, where the other parts
    /// see them, it lowers its promise to what they may lead to.
    ///
    /// A frame must be carried before the part's clock passes its start: the promises guarantee it. One
    /// that came too late would be heard too late without a trace, so one is a defect of the emulator, and
    /// the run stops with the frame's times.
    func land(from parts: [WorldPart]) {
        guard let landing = earliestLanding() else { return }
        let answer = (landing + Self.lookahead).picoseconds
        if transmits, answer < promise.loadRelaxed() {
            promise.store(answer)
        }
        for part in parts where part !== self {
            part.outgoing[index].drain { frame in
                precondition(
                    frame.transmission.start >= simulator.now,
                    "a frame sent at \(frame.transmission.start) reached part \(index) after it had run to \(simulator.now): the parts' promises are wrong")
                frame.medium.carry(frame, in: self)
            }
        }
    }

    /// Publishes the part's promise, none of its chips being able to start a transmission before `time`:
    /// the earliest of a transmission already set up at or after `time` and its next event ``lookahead``
    /// later, or its clock's instant ``lookahead`` later while the inbox holds reactions or work, which run
    /// at that instant (an app that runs a session again from a delegate call); never, for a
    /// part whose devices all listen only.
    func publishPromise(notBefore time: SimulationTime) {
        guard transmits else {
            promise.store(.max)
            return
        }
        // After every event of the part: no arrays, and the lookahead converted once.
        let soonest = simulator.inbox.hasWork ? simulator.now : simulator.nextEventTime
        let next = soonest.map { $0.picoseconds + Self.lookaheadPicoseconds } ?? .max
        let set = simulator.earliestTransmission(notBefore: time)?.picoseconds ?? .max
        promise.store(min(next, set))
    }

    /// ``lookahead`` in picoseconds, worked out once: converting a `Duration` is slow.
    static let lookaheadPicoseconds = lookahead.picoseconds

    /// The earliest instant at which a frame from another part could reach this part, which has just
    /// carried the frames waiting for it: another part's promise (read before and after the queues, so
    /// that a frame sent, or taken, meanwhile is not missed); a frame waiting for another part that may
    /// transmit, which it may answer ``lookahead`` later; a frame sent to this part since; or, if
    /// another part may transmit (`answerable`), this part's own promise, which it may answer a lookahead
    /// later. A part whose devices all listen only promises never and answers nothing. Parts of other
    /// groups (``heeds(_:)``) do not count.
    ///
    /// It reads only the world's ``PartSignals``, never another part: a part that waits calls it again
    /// and again.
    func safeLimit(answerable: Bool) -> SimulationTime {
        let lookahead = Self.lookaheadPicoseconds
        let parts = signals.parts
        var earliest = answerable ? Self.adding(lookahead, to: promise.loadRelaxed()) : .max
        for other in 0..<parts where other != index && heeds(other) {
            earliest = min(earliest, signals.promise(of: other).load())
        }
        for receiver in 0..<parts
        where receiver == index || (heeds(receiver) && signals.transmits(receiver).loadRelaxed() != 0) {
            let answer = receiver == index ? 0 : lookahead
            for sender in 0..<parts where sender != receiver {
                earliest = min(earliest, Self.adding(answer, to: signals.waiting(from: sender, to: receiver).load()))
            }
        }
        for other in 0..<parts where other != index && heeds(other) {
            earliest = min(earliest, signals.promise(of: other).load())
        }
        return SimulationTime(picoseconds: earliest)
    }

    /// `picoseconds` after `time`, both in picoseconds; `Int64.max` (never) stays never.
    private static func adding(_ picoseconds: Int64, to time: Int64) -> Int64 {
        time == .max ? .max : time + picoseconds
    }
}
