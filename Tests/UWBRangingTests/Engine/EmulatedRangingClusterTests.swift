import EmulatorHarness
import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBTestSupport

@Suite("ScenarioRanging in clusters: the first device of each cluster ranges with the others of its cluster")
struct EmulatedRangingClusterTests {
    @Test("clusters of 2 and 3: every pair measures in both directions, and no one ranges outside its cluster")
    func clusters() throws {
        // Six devices 4 m apart: clusters d0–d1, d2–d3, d4–d5 with size 2; d0–d2 and d3–d5 with size 3.
        for (size, expected) in [
            (2, ["d0>d1", "d1>d0", "d2>d3", "d3>d2", "d4>d5", "d5>d4"]),
            (3, ["d0>d1", "d1>d0", "d0>d2", "d2>d0", "d3>d4", "d4>d3", "d3>d5", "d5>d3"]),
        ] {
            let ranging = try ScenarioRanging(scenario: EmulatedRangingTests.scenario(devices: 6), rate: 10, clusterSize: size)
            ranging.run(until: SimulationTime(seconds: 2))
            let pairs = Dictionary(grouping: ranging.takeRecords()) { "\($0.observer)>\($0.peer)" }.mapValues(\.count)
            #expect(Set(pairs.keys) == Set(expected), "cluster size \(size)")
            // About 20 rounds per pair in 2 s; rounds of neighbouring clusters may collide now and then.
            #expect(pairs.values.allSatisfy { $0 >= 15 }, "cluster size \(size): \(pairs)")
            #expect(ranging.clusterSize == size)
        }
    }

    @Test("a cluster size below 2, above the device count, or leaving the last device alone is refused",
          arguments: [1, 7, 5])
    func refused(size: Int) throws {
        #expect(throws: ScenarioRangingError.invalidClusterSize(size, devices: 6)) {
            try ScenarioRanging(scenario: EmulatedRangingTests.scenario(devices: 6), rate: 10, clusterSize: size)
        }
    }

    @Test("without a cluster size, one cluster of every device: the first ranges with all the others")
    func oneCluster() throws {
        let ranging = try ScenarioRanging(scenario: EmulatedRangingTests.scenario(devices: 3), rate: 10)
        #expect(ranging.clusterSize == 3)
    }
}
