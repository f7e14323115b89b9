import UWBCore

/// What one part of the world (``WorldPart``) gave the trace being written since the parts last met: the
/// records of the frames its devices sent, and the outcomes its devices' receptions came to. Between
/// windows the world hands both to the trace's queue (``TraceQueue``), records first, so that an outcome
/// finds its frame's record whichever part sent the frame.
struct TraceFragments {
    /// A frame that went on the air.
    struct Record {
        let record: TraceRecord
        let transmission: TransmissionOrder
        /// When its last receiver has heard all of it.
        let settles: SimulationTime
    }

    /// What became of a frame at one receiver: reception `slot` of its record.
    struct Outcome {
        let outcome: ReceptionOutcome
        let transmission: TransmissionOrder
        let slot: Int
    }

    /// The records, in the order the part's frames went on the air.
    var records: [Record] = []
    /// The outcomes, in the order the part judged them.
    var outcomes: [Outcome] = []
}
