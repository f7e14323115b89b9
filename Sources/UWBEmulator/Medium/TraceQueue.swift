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
        let settles: SimulationTime
        /// The frame and its outcomes so far.
        var record: TraceRecord
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

    /// Adds a frame that has just gone on the air (transmission `transmission` of the run), whose
    /// outcomes settle once the simulation has passed `settles`.
    func add(_ record: TraceRecord, transmission: TransmissionOrder, settles: SimulationTime) {
        entries.append(Entry(transmission: transmission, settles: settles, record: record))
    }

    /// Sets the outcome of reception `slot` of transmission `transmission`, if that frame is in
    /// the queue (it is not when the trace started after it went on the air).
    func setOutcome(_ outcome: ReceptionOutcome, transmission: TransmissionOrder, slot: Int) {
        // The frames waiting are those on the air: a handful, the one judged among the latest.
        guard let index = entries.lastIndex(where: { $0.transmission == transmission }),
              entries[index].record.receptions.indices.contains(slot) else { return }
        entries[index].record.receptions[slot].outcome = outcome
    }

    /// Takes what the world's parts gave since the parts last met: every part's records, then every
    /// part's outcomes.
    func collect(from parts: [WorldPart]) {
        for part in parts where !part.trace.records.isEmpty {
            for fragment in part.trace.records {
                add(fragment.record, transmission: fragment.transmission, settles: fragment.settles)
            }
            part.trace.records.removeAll(keepingCapacity: true)
        }
        for part in parts where !part.trace.outcomes.isEmpty {
            for fragment in part.trace.outcomes {
                setOutcome(fragment.outcome, transmission: fragment.transmission, slot: fragment.slot)
            }
            part.trace.outcomes.removeAll(keepingCapacity: true)
        }
    }

    /// Writes, in the file's order, every frame that comes before all unsettled ones and has
    /// settled before `now`.
    func writeSettled(before now: SimulationTime) {
        while let first = earliest(), entries[first].settles < now {
            write(entries.remove(at: first).record)
        }
    }

    /// Writes every frame left, settled or not, in the file's order, and closes the file.
    ///
    /// - Throws: the first ``TraceError`` the file raised, if any.
    func finish() throws(TraceError) {
        while let first = earliest() {
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
