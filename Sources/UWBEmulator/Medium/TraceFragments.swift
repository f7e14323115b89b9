import UWBCore

/// What one part of the world (``WorldPart``) gave the trace being written since the world last collected
/// it: the frames its devices sent, what its devices received of frames from anywhere, and the outcomes its
/// devices' receptions came to. Between windows the world hands them to the trace's queue
/// (``TraceQueue/collect(from:)``): every part's frames first, then their receptions, then the outcomes, so
/// that each finds its frame's record whichever part sent the frame.
struct TraceFragments {
    /// A frame that went on the air: its record, without receptions.
    struct Sent {
        let record: TraceRecord
        let transmission: TransmissionOrder
        /// When it ends at its sender.
        let settles: SimulationTime
    }

    /// The receptions of a frame at one part's devices, each with the receiver's index in the medium.
    struct Heard {
        let transmission: TransmissionOrder
        var receptions: [(receiver: Int, reception: TraceReception)] = []
        /// When the frame ends at the last of these receivers.
        var settles: SimulationTime
    }

    /// What became of a frame at receiver `receiver` (its index in the medium).
    struct Outcome {
        let outcome: ReceptionOutcome
        let transmission: TransmissionOrder
        let receiver: Int
    }

    var sent: [Sent] = []
    var heard: [Heard] = []
    var outcomes: [Outcome] = []
}
