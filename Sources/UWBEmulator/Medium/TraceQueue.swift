import UWBCore

/// The frames of a trace being written whose outcomes may still change: the medium adds each
/// frame when it goes on the air and sets its outcomes as receivers judge it, and the queue hands
/// the frames to the file in time order once nothing can change them, so that a trace of any
/// length takes memory only for the frames on the air.
///
/// The file's order is that of ``PcapngWriter``: by time (the RMARKER's), frames with equal times by
/// their ``TransmissionOrder``s. A frame goes on the air before its RMARKER, so once the simulation has
/// reached a frame's time no frame still to come can precede it; once it has passed the end of the
/// frame at its last receiver, no outcome of it can change.
final class TraceQueue {
    /// A frame waiting for its outcomes.
    struct Entry {
        /// Which transmission of the run it is.
        let transmission: TransmissionOrder
        /// When its last receiver has heard all of it: after this, no outcome changes.
        var settles: SimulationTime
        /// The frame and its outcomes so far; its receptions in the order of ``receivers``.
        var record: TraceRecord
        /// The receivers' indices in the medium, in ascending order (the file's), once ``isSorted``.
        var receivers: [Int] = []
        var isSorted = true
    }

    /// The file.
    private let writer: PcapngFileWriter
    /// The frames not written yet, in the order they went on the air.
    private var entries: [Entry] = []
    /// The first error the file raised; frames after it are dropped.
    private var failure: TraceError?

    /// A queue writing to `writer`.
    init(writer: PcapngFileWriter) {
        self.writer = writer
    }

    /// The file's path.
    var path: String { writer.path }

    /// Takes what the world's parts gave since the world last collected it: every part's frames sent, then
    /// their receptions, then the outcomes.
    func collect(from parts: [WorldPart]) {
        for part in parts where !part.trace.sent.isEmpty {
            for sent in part.trace.sent {
                add(sent.record, transmission: sent.transmission, settles: sent.settles, receivers: [])
            }
            part.trace.sent.removeAll(keepingCapacity: true)
        }
        for part in parts where !part.trace.heard.isEmpty {
            for heard in part.trace.heard {
                add(heard)
            }
            part.trace.heard.removeAll(keepingCapacity: true)
        }
        for part in parts where !part.trace.outcomes.isEmpty {
            for outcome in part.trace.outcomes {
                setOutcome(outcome.outcome, transmission: outcome.transmission, receiver: outcome.receiver)
            }
            part.trace.outcomes.removeAll(keepingCapacity: true)
        }
    }

    /// Adds a frame that has just gone on the air (transmission `transmission` of the run), whose
    /// outcomes settle once the simulation has passed `settles`, with the receptions `record` lists
    /// at receivers `receivers` (their indices in the medium).
    func add(_ record: TraceRecord, transmission: TransmissionOrder, settles: SimulationTime, receivers: [Int]) {
        entries.append(Entry(transmission: transmission, settles: settles, record: record, receivers: receivers, isSorted: false))
    }

    /// Adds one part's receptions of a frame to its record, if the frame is in the queue.
    private func add(_ heard: TraceFragments.Heard) {
        guard let index = entries.lastIndex(where: { $0.transmission == heard.transmission }) else { return }
        entries[index].settles = max(entries[index].settles, heard.settles)
        for (receiver, reception) in heard.receptions {
            entries[index].receivers.append(receiver)
            entries[index].record.receptions.append(reception)
        }
        entries[index].isSorted = false
    }

    /// Sets the outcome of the reception at receiver `receiver` (its index in the medium) of transmission
    /// `transmission`, if that frame is in the queue (it is not when the trace started after it went on the
    /// air) with a reception there.
    func setOutcome(_ outcome: ReceptionOutcome, transmission: TransmissionOrder, receiver: Int) {
        // The frames waiting are those on the air: a handful, the one judged among the latest.
        guard let index = entries.lastIndex(where: { $0.transmission == transmission }) else { return }
        sortReceptions(of: index)
        let receivers = entries[index].receivers
        var low = 0
        var high = receivers.count
        while low < high {
            let middle = (low + high) / 2
            if receivers[middle] < receiver {
                low = middle + 1
            } else {
                high = middle
            }
        }
        guard low < receivers.count, receivers[low] == receiver else { return }
        entries[index].record.receptions[low].outcome = outcome
    }

    /// Puts entry `index`'s receptions in the order of their receivers, the file's.
    private func sortReceptions(of index: Int) {
        guard !entries[index].isSorted else { return }
        let order = entries[index].receivers.indices.sorted { entries[index].receivers[$0] < entries[index].receivers[$1] }
        entries[index].receivers = order.map { entries[index].receivers[$0] }
        entries[index].record.receptions = order.map { entries[index].record.receptions[$0] }
        entries[index].isSorted = true
    }

    /// Writes, in the file's order, every frame that comes before all unsettled ones and has
    /// settled before `now`.
    func writeSettled(before now: SimulationTime) {
        while let first = earliest(), entries[first].settles < now {
            sortReceptions(of: first)
            write(entries.remove(at: first).record)
        }
    }

    /// Writes every frame left, settled or not, in the file's order, and closes the file.
    ///
    /// - Throws: the first ``TraceError`` the file raised, if any.
    func finish() throws(TraceError) {
        while let first = earliest() {
            sortReceptions(of: first)
            write(entries.remove(at: first).record)
        }
        if let failure {
            throw failure
        }
        try writer.finish()
    }

    /// The position of the frame the file takes next: the earliest time, then the first by
    /// ``TransmissionOrder``.
    private func earliest() -> Int? {
        guard var best = entries.indices.first else { return nil }
        for index in entries.indices.dropFirst() {
            let entry = entries[index]
            let record = entries[best]
            if entry.record.time < record.record.time
                || (entry.record.time == record.record.time && entry.transmission.precedes(record.transmission)) {
                best = index
            }
        }
        return best
    }

    /// Hands one frame to the file, unless the file has already failed.
    private func write(_ record: TraceRecord) {
        guard failure == nil else { return }
        do {
            try writer.append(record)
        } catch {
            failure = error
        }
    }
}
