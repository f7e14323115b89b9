/// One process's part of a world split over processes (decision 0030), run to an instant against the
/// other ranks' promises: conservative synchronisation by messages (Chandy and Misra, IEEE TSE 5(5),
/// 1979), with the rule the threads of one process follow (``PartCrew``).
///
/// Each rank sends the others its promise (no chip of its part will put a frame on the air before that
/// instant, but in answer to frames it has not carried yet: its next event plus ``WorldPart/lookahead``,
/// or a transmission it has set up) with how many frames of each rank it has carried. Every frame goes to
/// every other rank, in the order its sender sent them, before any later promise of that sender. So a
/// rank knows, of every frame another rank may still answer, when it went on the air: the frames that
/// rank had not carried when it last wrote, which this rank has received or sent itself; a frame this rank
/// has not received yet starts at or after its sender's last promise. A rank runs its events up to the
/// earliest of:
/// - every other rank's promise;
/// - every frame another rank that transmits had not carried when it last wrote, plus the lookahead;
/// - its own promise plus the lookahead, if another rank transmits (it may answer this rank's frames).
///
/// Promises follow each rank's own next event, so ranks with nothing to do jump ahead together rather
/// than creep a lookahead at a time. A rank writes when it can go no further, saying up to which instant
/// it waits to run (its next event). While it runs, it looks for messages every few events and writes
/// only what may let a waiting rank run: a promise that reaches the instant that rank waits for, or
/// frames it has carried since it last wrote. So a rank far ahead does not flood one that trails it
/// with promises it cannot use. A rank whose devices all listen only promises never. Once a rank's bound and
/// its own next event are past the end, it has carried every frame that starts by the end; it says it is
/// done, and takes the others' remaining messages until each has said so.
final class RankedRun {
    private let part: WorldPart
    private let medium: Medium
    private let messenger: any RankMessenger
    private let me: Int
    /// The first rank but this one whose part has devices and is in this rank's group (``PartGroups``): a
    /// frame goes to every other rank of the group with devices, and is counted when it goes to this one.
    private let firstOtherRank: Int
    /// Per rank: whether it is in this rank's group; a rank of another group is never waited for, nor
    /// sent frames or promises.
    private let heeded: [Bool]
    private let end: Int64
    /// Per rank: whether it may transmit (and so answer frames); false for this rank's own place and for a
    /// rank once it is done.
    private var transmits: [Bool]
    /// Per rank: its latest promise, in picoseconds; `Int64.max` for this rank's own place.
    private var promises: [Int64]
    /// Per rank: how many frames of each rank it had carried when it last wrote.
    private var carried: [[Int]]
    /// Per rank: when its frames that some rank that transmits may not have carried yet went on the air,
    /// in the order sent; the first is its frame number ``firstFrame``.
    private var starts: [[Int64]]
    /// Per rank: the number of the first frame in ``starts``.
    private var firstFrame: [Int]
    /// Per rank: how many of its frames this rank has received (or, for its own place, sent).
    private var framesSeen: [Int]
    /// Per rank: whether it said it is done; this rank's own place holds `true`.
    private var finished: [Bool]
    /// The promise, counts and need this rank last wrote.
    private var lastSent = Int64.min
    private var lastCarried: [Int] = []
    private var lastNeed = Int64.max
    /// Per rank: the instant it waits to run up to (its next event), from its latest message; `Int64.max`
    /// if it was running when it wrote. This rank's own place holds `Int64.max`.
    private var needs: [Int64]
    /// Whether this rank has run to the end: frames that reach it afterwards start after the end.
    private var done = false
    /// Messages from ranks that had said they were done: they belong to the next run, which the sender has begun.
    private(set) var nextRunMessages: [(source: Int, message: [UInt8])] = []

    /// The run of `part`, the part of the world of `medium` split into `parts` that `messenger`'s rank
    /// runs, up to `end`.
    init(part: WorldPart, of parts: [WorldPart], medium: Medium, messenger: any RankMessenger, end: SimulationTime) {
        self.part = part
        self.medium = medium
        self.messenger = messenger
        me = messenger.rank
        let heeded = parts.map { $0 !== part && part.heeds($0.index) }
        self.heeded = heeded
        firstOtherRank = parts.firstIndex { heeded[$0.index] && !$0.members.isEmpty } ?? -1
        self.end = end.picoseconds
        let ranks = parts.count
        transmits = parts.map { heeded[$0.index] && $0.transmits }
        promises = heeded.map { $0 ? 0 : .max }
        carried = Array(repeating: Array(repeating: 0, count: ranks), count: ranks)
        starts = Array(repeating: [], count: ranks)
        firstFrame = Array(repeating: 0, count: ranks)
        framesSeen = Array(repeating: 0, count: ranks)
        finished = (0..<ranks).map { $0 == messenger.rank }
        needs = Array(repeating: .max, count: ranks)
    }

    /// How many events a rank runs between looks for messages while it runs: a waiting rank's word
    /// that it waits reaches it within that many events.
    static let eventsBetweenLooks = 8

    /// Runs the part's events up to the end, as far as the other ranks let it at each moment, sending its
    /// frames to every other rank; returns once every rank is done. `earlier` are the messages the last
    /// run kept for this one (its ``nextRunMessages``): a rank that is done may begin the next run while
    /// others finish this one.
    ///
    /// - Throws: ``EmulationError/rankMessage(_:)`` if another rank sent a message this one cannot read.
    func run(after earlier: [(source: Int, message: [UInt8])]) throws(EmulationError) {
        let messenger = messenger
        part.courier = { [unowned self] frame, destination in
            messenger.send(RankMessage.frame(octets: frame), to: destination)
            if destination == firstOtherRank {
                record(frame.transmission.start.picoseconds, from: me)
            }
        }
        defer { part.courier = nil }
        let simulator = part.simulator
        // Work posted before the run (sessions an app ran) is scheduled now, so that the first promise counts it.
        simulator.takePostedWork()
        write(promise(notBefore: simulator.now), need: .max)
        for (source, message) in earlier {
            try take(message, from: source)
        }
        while true {
            try takeWaitingMessages()
            let safe = bound()
            let limit = SimulationTime(picoseconds: min(safe, end))
            var events = 0
            while simulator.step(notAfter: limit) {
                // Even a rank that no other heeds looks: that is when it tells the others it lives
                // (`MPIJob`'s heartbeats under a silence limit), and a rank that is done waits for it.
                events += 1
                if events % Self.eventsBetweenLooks == 0 {
                    try takeWaitingMessages()
                }
                serveWaitingRanks(promise: promise(notBefore: simulator.now))
            }
            let next = simulator.nextEventTime?.picoseconds ?? .max
            if safe > end, next > end {
                break
            }
            // Every event up to the limit has run: a transmission expected by then was cancelled.
            let promise = promise(notBefore: SimulationTime(picoseconds: limit.picoseconds + 1))
            let need = min(next, end + 1)
            if promise != lastSent || framesSeen != lastCarried || need != lastNeed {
                write(promise, need: need)
            }
            // The new promise may move the bound on by itself (the lookahead past it); if not, only a
            // message can.
            if bound() <= safe {
                try waitForMessage()
            }
        }
        done = true
        for rank in 0..<messenger.size where rank != me {
            messenger.send(RankMessage.doneOctets, to: rank)
        }
        while finished.contains(false) {
            try waitForMessage()
        }
    }

    /// The earliest instant a frame from another rank could start at (see the type's rule).
    private func bound() -> Int64 {
        let lookahead = WorldPart.lookaheadPicoseconds
        var earliest = promises.min() ?? .max
        var anotherTransmits = false
        for rank in transmits.indices where transmits[rank] {
            anotherTransmits = true
            for sender in starts.indices where sender != rank {
                let waiting = carried[rank][sender] - firstFrame[sender]
                if waiting >= 0, waiting < starts[sender].count {
                    earliest = min(earliest, starts[sender][waiting] + lookahead)
                }
            }
        }
        if anotherTransmits {
            earliest = min(earliest, Self.adding(lookahead, to: part.promise.loadRelaxed()))
        }
        return earliest
    }

    /// The part's promise now, none of its chips being able to start a transmission before `time`.
    private func promise(notBefore time: SimulationTime) -> Int64 {
        part.publishPromise(notBefore: time)
        return part.promise.loadRelaxed()
    }

    /// Takes every message that has arrived, without waiting.
    private func takeWaitingMessages() throws(EmulationError) {
        while let (source, message) = messenger.receive(waiting: false) {
            try take(message, from: source)
        }
    }

    /// Writes, while this rank runs, what may let a waiting rank run: a promise that reaches the instant it
    /// waits for, or frames carried since the last write (its own frames, or frames it may answer, which
    /// hold it back until carried). A rank that runs and has no one waiting for it writes nothing, so
    /// that a rank far ahead does not flood the one trailing it.
    private func serveWaitingRanks(promise: Int64) {
        var reaches = false
        var waiting = false
        for need in needs where need != .max {
            waiting = true
            if lastSent < need, need <= promise {
                reaches = true
            }
        }
        if reaches || (waiting && framesSeen != lastCarried) {
            write(promise, need: .max)
        }
    }

    /// Sends `promise`, the frames this rank has carried and the instant it waits to run up to (`need`,
    /// `Int64.max` while it runs) to every other rank.
    private func write(_ promise: Int64, need: Int64) {
        lastSent = promise
        lastCarried = framesSeen
        lastNeed = need
        let message = RankMessage.promise(octets: promise, need: need, carried: framesSeen)
        for rank in 0..<messenger.size where heeded[rank] {
            messenger.send(message, to: rank)
        }
    }

    /// Notes that rank `sender`'s next frame went on the air at `start`, while a rank that transmits may
    /// not have carried it yet.
    private func record(_ start: Int64, from sender: Int) {
        framesSeen[sender] += 1
        if transmits.enumerated().contains(where: { $0.element && $0.offset != sender }) {
            starts[sender].append(start)
        } else {
            firstFrame[sender] += 1
        }
    }

    /// Forgets the frames of `sender` that every other rank that transmits has carried.
    private func forgetCarried(from sender: Int) {
        var oldest = Int.max
        for rank in transmits.indices where transmits[rank] && rank != sender {
            oldest = min(oldest, carried[rank][sender])
        }
        let carriedByAll = min(oldest == .max ? framesSeen[sender] : oldest, framesSeen[sender]) - firstFrame[sender]
        guard carriedByAll > 0 else { return }
        starts[sender].removeFirst(min(carriedByAll, starts[sender].count))
        firstFrame[sender] += carriedByAll
    }

    /// Waits for the next message and takes it; the wall time waited counts as the part's time blocked.
    private func waitForMessage() throws(EmulationError) {
        let start = ContinuousClock.now
        let received = messenger.receive(waiting: true)
        part.blocked += ContinuousClock.now - start
        if let (source, message) = received {
            try take(message, from: source)
        }
    }

    /// Takes `message` from rank `source`: a promise replaces its promise and counts, a frame is carried
    /// to the part's devices (none once the run is done: it starts after the end).
    private func take(_ message: [UInt8], from source: Int) throws(EmulationError) {
        guard !finished[source] else {
            nextRunMessages.append((source, message))
            return
        }
        switch try RankMessage.read(message, medium: medium) {
        case .promise(let promise, let need, let counts):
            guard counts.count == promises.count else {
                throw .rankMessage("a promise counting the frames of \(counts.count) ranks in a job of \(promises.count)")
            }
            guard heeded[source] else {
                throw .rankMessage("a promise from rank \(source), whose devices cannot reach this rank's: do the ranks run the same scenario?")
            }
            promises[source] = promise
            needs[source] = need
            carried[source] = counts
            for sender in counts.indices {
                forgetCarried(from: sender)
            }
        case .done:
            finished[source] = true
            needs[source] = .max
            promises[source] = .max
            transmits[source] = false
            for sender in starts.indices {
                forgetCarried(from: sender)
            }
        case .frame(let frame):
            guard !done else { return }
            precondition(
                frame.transmission.start >= part.simulator.now,
                "a frame sent at \(frame.transmission.start) reached rank \(me) after it had run to \(part.simulator.now): the ranks' promises are wrong")
            record(frame.transmission.start.picoseconds, from: source)
            medium.carry(frame, in: part)
        }
    }

    /// `picoseconds` after `time`; `Int64.max` (never) stays never and `Int64.min` (none yet) stays none.
    private static func adding(_ picoseconds: Int64, to time: Int64) -> Int64 {
        time == .max || time == .min ? time : time + picoseconds
    }
}
