import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator
import UWBTestSupport

/// Frames lost at random on top of the receiver model (the scenario's `channel.frameLossPercent`):
/// a pair ranges on at the rate its rounds survive, every update as accurate as without loss, and
/// nothing hangs. The responder's update needs POLL, RESPONSE and FINAL to get through, the
/// initiator's REPORT as well, so with single-chip boards a side updates with probability
/// (1 − loss)³ or (1 − loss)⁴ per round: at 25 % loss 42 % and 32 % of the rounds, at 50 % 12.5 % and
/// 6.25 %. A peer is removed only when it goes silent for the removal timeout, which at 50 % loss
/// happens.
@Suite("Sessions: frames lost on the air")
struct FrameLossSessionTests {
    @Test("a pair 4 m apart at 100 ms: one side updates at 10·(1 − loss)³ a second, the other at 10·(1 − loss)⁴, accurately",
          arguments: [0.0, 0.1, 0.25, 0.5])
    func rateFollowsLoss(loss: Double) throws {
        let pair = try SessionPair(bob: Vector3(x: 4, y: 0, z: 0), frameLoss: loss)
        try pair.run(interval: .milliseconds(100))
        let seconds = 30.0
        let timelines = pair.world.advance(by: .seconds(seconds), step: .milliseconds(100), watching: pair.logs)
        var rates: [(rate: Double, rounds: Double)] = []
        for (name, timeline) in zip(["alice", "bob"], timelines) {
            let updates = timeline.filter(\.isUpdate)
            let lifecycle = timeline.filter { !$0.isUpdate }.map(\.call)
            // Ranging until a removal, if any; removals come only from silence.
            let ranging = timeline.first { $0.call == .removed(.timeout) }?.time.secondsValue ?? seconds
            rates.append((Double(updates.count) / ranging, 10 * ranging))
            #expect(lifecycle.first == .started && lifecycle.dropFirst().allSatisfy { $0 == .removed(.timeout) },
                    "\(name) at \(loss): \(lifecycle)")
            if loss <= 0.25 {
                #expect(lifecycle == [.started], "\(name) at \(loss) keeps its peer: \(lifecycle)")
            }
            for update in updates {
                #expect(abs(Double(update.distance ?? 0) - 4) < 0.15, "\(name) at \(loss): \(String(describing: update.distance))")
            }
        }
        // The side with fewer updates is the initiator (four frames), the other the responder (three).
        let sorted = rates.sorted { $0.rate < $1.rate }
        for ((rate, rounds), frames) in zip(sorted, [4.0, 3.0]) {
            let survive = pow(1 - loss, frames)
            let expected = 10 * survive
            // 3.5 binomial standard deviations of the count over the rounds run, per second.
            let tolerance = 3.5 * (rounds * survive * (1 - survive)).squareRoot() / (rounds / 10) + 0.05
            #expect(abs(rate - expected) <= tolerance, "\(frames) frames at \(loss): \(rate) updates/s, expected \(expected) ± \(tolerance)")
        }
    }

    @Test("a scenario's frameLossPercent reaches the channel; out of range it is refused naming the field")
    func scenarioField() throws {
        func scenario(_ loss: String) throws -> Scenario {
            let json = """
                {"name": "lossy", "channel": {"model": "free-space", "frameLossPercent": \(loss)},
                 "devices": [{"name": "a", "board": "ft232h-dw1000-single", "position": [0, 0, 0]}]}
                """
            return try Scenario(jsonData: Data(json.utf8), boardSearchPaths: [Repository.boardsDirectory])
        }
        #expect(try Emulation(scenario: scenario("25")).medium.channelModel.injectedFrameLoss == 0.25)
        #expect(try Emulation(scenario: scenario("0")).medium.channelModel.injectedFrameLoss == 0)
        for bad in ["-1", "101"] {
            #expect {
                _ = try scenario(bad)
            } throws: { error in
                "\(error)".contains("channel.frameLossPercent")
            }
        }
    }
}
