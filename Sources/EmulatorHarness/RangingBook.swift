import UWBEmulator
import UWBRanging

/// What the devices of one part of a ``ScenarioRanging``'s world did since it was last taken: each
/// part writes its own book on its own thread, and the devices of a cluster share one part.
final class RangingBook {
    /// A failed round, with when and by which device it was reported.
    struct Failure {
        /// When the round failed, on the world's clock.
        var time: SimulationTime
        /// The device that reported it.
        var device: String
        /// Why it failed.
        var failure: RangingFailure
    }

    /// The measurements, in the order they were made.
    var records: [RangingRecord] = []
    /// The failed rounds, in the order they were reported.
    var failures: [Failure] = []
    /// Rounds not started because the previous one still held the initiator's radio.
    var skippedRounds = 0
    /// Frames dropped because their time of arrival failed the STS check, by reason.
    var secureTimestampRejections: [FrameRejection: Int] = [:]
    /// Per initiator of the part (by device index): the loop whose round holds its radio, if any.
    var active: [Int: StateMachineRunner] = [:]
}
