import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBPositioning
import EmulatorHarness

@Suite struct DiagTests {
    @Test func diag() throws {
        let scenario = try Scenario.load(from: ProcessInfo.processInfo.environment["DIAG"] ?? "/tmp/pos/wh-free.json")
        let emulation = try Emulation(scenario: scenario)
        var keep: [AnyObject] = []
        var clusters: [String: [Int]] = [:]
        var order: [String] = []
        for (index, device) in scenario.devices.enumerated() {
            if case .anchor(let c, _) = device.positioning { if clusters[c] == nil { order.append(c) }; clusters[c, default: []].append(index) }
        }
        var offset = Duration.milliseconds(10)
        for c in order {
            let cluster = clusters[c]!
            let schedule = DownlinkTDoASchedule(configuration: emulation.configuration, responders: cluster.count - 1, kind: .emulated)
            for (slot, index) in cluster.enumerated() {
                let radio = emulation.devices[index].radio
                let role: DownlinkTDoAAnchor.Role = slot == 0 ? .initiator(period: .milliseconds(100), firstRound: offset) : .responder(initiator: UInt16(cluster[0] + 1), slot: slot - 1)
                radio.adopt(try DownlinkTDoAAnchor(on: radio, network: PANIdentifier(rawValue: 1), address: UInt16(index + 1), position: emulation.antennaPosition(of: index, at: .zero)!, role: role, schedule: schedule))
            }
            offset += schedule.roundDuration + .microseconds(20)
        }
        var lines: [String] = []
        let tagIndex = scenario.devices.firstIndex { $0.name == "forklift" }!
        let radio = emulation.devices[tagIndex].radio
        let tag = DownlinkTDoATag(on: radio, network: PANIdentifier(rawValue: 1)) { observation in
            let truth = emulation.antennaPosition(of: tagIndex, at: emulation.simulator.now)!.metres
            guard let solver = try? PositionSolver(anchors: observation.anchors, geometry: .spatial),
                  let ms = try? observation.round.pseudoranges(for: solver, clock: "r", timestampDeviation: .centimetres(5)) else { return }
            let d0 = (truth - solver.anchors[observation.round.initiator]!.position.metres).length
            var text = String(format: "%.3f ", emulation.simulator.now.seconds) + "\(observation.round.initiator) (\(String(format: "%.1f %.1f", truth.x, truth.z))):"
            for m in ms {
                guard case .pseudorange(let name, _, let v, _) = m else { continue }
                let d = (truth - solver.anchors[name]!.position.metres).length
                text += String(format: " %@@%.0f %+.3f", name, d, v.metres - (d - d0))
            }
            lines.append(text)
        }
        radio.adopt(tag)
        keep.append(tag)
        emulation.run(until: SimulationTime(seconds: 4))
        print(lines.map { "DIAG " + $0 }.joined(separator: "\n"))
    }
}
