import Foundation
import NearbyInteraction
import UWBCore
import UWBEmulator

/// A delegate call and the virtual time by which it had arrived: the end of the step of
/// ``SessionWorld/advance(by:step:watching:)`` it arrived in.
struct TimedCall: Equatable {
    /// The end of the step the call arrived in, on the emulation's clock.
    let time: Duration
    /// The call.
    let call: SessionRecorder.Call

    /// The distance, if the call is an update with one.
    var distance: Float? {
        call.distance
    }

    /// Whether the call is an update.
    var isUpdate: Bool {
        if case .updated = call { true } else { false }
    }
}

extension SessionWorld {
    /// The virtual time since the emulation started.
    var now: Duration {
        emulation.simulator.now - .zero
    }

    /// Runs virtual time forward by `duration` in steps of `step`, and returns for each recorder,
    /// in order, the calls it received meanwhile, each stamped with the end of its step (so a
    /// stamp is late by less than `step`).
    func advance(by duration: Duration, step: Duration, watching recorders: [SessionRecorder]) -> [[TimedCall]] {
        var seen = recorders.map { $0.calls.count }
        var timelines = recorders.map { _ in [TimedCall]() }
        let end = now + duration
        while now < end {
            advance(by: min(step, end - now))
            let time = now
            for (index, recorder) in recorders.enumerated() {
                let calls = recorder.calls
                timelines[index] += calls.dropFirst(seen[index]).map { TimedCall(time: time, call: $0) }
                seen[index] = calls.count
            }
        }
        return timelines
    }
}
