import Foundation
import Testing
import UWBCore
@testable import UWBEmulator
import UWBTestSupport

/// A world split over ranks that reach each other by messages alone (decision 0030; `mpirun` in the
/// command tests) runs every device's events as one process would: each rank's devices count the same
/// frames, and the ranks run the same events between them, whether messages arrive at once or as late
/// as the promises allow.
@Suite("A world over ranks gives the same run as in one process")
struct RankedWorldTests {
    /// What the ranks of one run did: every device's statistics, taken from its own rank, and the events.
    struct Outcome: Equatable {
        var statistics: [DeviceStatistics]
        var events: Int
    }

    /// `scenario`'s first `seconds` in one part.
    static func whole(_ name: String, seconds: Double) throws -> Outcome {
        let world = try Emulation(scenario: try scenario(name), seed: 5, parts: 1)
        world.run(until: SimulationTime(seconds: seconds))
        return Outcome(statistics: world.statistics, events: world.eventsRun)
    }

    /// `scenario`'s first `seconds` over `ranks` ranks on threads of their own, messages delivered as `delivery` says.
    static func ranked(_ name: String, ranks: Int, seconds: Double, delivery: ThreadMailboxes.Delivery) throws -> Outcome {
        let scenario = try scenario(name)
        let parts = try ThreadMailboxes.run(ranks: ranks, delivery: delivery) { rank, messenger in
            let world = try Emulation(scenario: scenario, seed: 5, parts: ranks)
            try world.run(until: SimulationTime(seconds: seconds), rankOf: messenger)
            let mine = zip(world.statistics.indices, world.devices).filter { $0.1.part == rank }.map { ($0.0, world.statistics[$0.0]) }
            return (statistics: mine, events: world.partFigures[rank].events)
        }
        // Each rank's devices, in the scenario's order.
        let statistics = parts.flatMap(\.statistics).sorted { $0.0 < $1.0 }.map(\.1)
        return Outcome(statistics: statistics, events: parts.map(\.events).reduce(0, +))
    }

    static func scenario(_ name: String) throws -> Scenario {
        try Scenario.load(from: Repository.path("Docs/scenarios/\(name).json"), boardSearchPaths: [Repository.boardsDirectory])
    }

    @Test("twenty scripted senders in a hall, on one channel and fitted in turn for channels 5 and 9 (each hearing ten), over 2 and 3 ranks, messages at once or as late as possible", arguments: ["hall-twenty", "hall-two-channels"], [2, 3])
    func scriptedHall(scenario: String, ranks: Int) throws {
        let whole = try Self.whole(scenario, seconds: 1)
        #expect(whole.statistics.map(\.received).reduce(0, +) > (scenario == "hall-twenty" ? 1000 : 400))
        for delivery in [ThreadMailboxes.Delivery.eager, .late] {
            #expect(try Self.ranked(scenario, ranks: ranks, seconds: 1, delivery: delivery) == whole)
        }
    }

    @Test("a walker and a three-chip anchor, one per rank, frames landing as late as the promises allow")
    func walker() throws {
        let whole = try Self.whole("walking-around", seconds: 2)
        #expect(whole.statistics.map(\.received).reduce(0, +) > 0)
        #expect(try Self.ranked("walking-around", ranks: 2, seconds: 2, delivery: .late) == whole)
    }

    @Test("a world split into more parts than the job has ranks is refused")
    func rankCount() throws {
        let world = try Emulation(scenario: try Self.scenario("hall-twenty"), seed: 5, parts: 3)
        let mailboxes = ThreadMailboxes(ranks: 2, delivery: .eager)
        #expect(throws: EmulationError.rankCount(parts: 3, ranks: 2)) {
            try world.run(until: SimulationTime(seconds: 1), rankOf: mailboxes.messenger(rank: 0))
        }
        #expect(EmulationError.rankCount(parts: 3, ranks: 2).description.contains("one part per rank"))
    }

    @Test("a world with a part that holds no device is refused before it runs")
    func emptyPart() throws {
        let world = try Emulation(seed: 1, channelModel: try ChannelModel(kind: .freeSpace, channel: .five), parts: 3)
        try world.add(WorldFixtures.device("alice", at: .zero), part: 0)
        try world.add(WorldFixtures.device("bob", at: Vector3(x: 3, y: 0, z: 0)), part: 2)
        let mailboxes = ThreadMailboxes(ranks: 3, delivery: .eager)
        #expect(throws: EmulationError.emptyPart(1)) {
            try world.run(until: SimulationTime(seconds: 1), rankOf: mailboxes.messenger(rank: 0))
        }
        #expect(EmulationError.emptyPart(1).description.contains("fewer parts"))
    }
}
