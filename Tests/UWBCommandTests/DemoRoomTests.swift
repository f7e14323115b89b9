import Foundation
import Testing
@testable import uwb
import UWBCore
import UWBEmulator
import UWBTestSupport

/// `uwb demo`'s world: the shipped demo room, every device ranging with every other through its
/// sessions, and the JSON lines it prints.
@Suite("Demo room")
struct DemoRoomTests {
    /// The shipped demo room, run for `seconds` of virtual time as fast as possible; every reading
    /// collected on the way.
    static func run(seconds: Double) throws -> (DemoRoom, [DemoReading]) {
        let scenario = try Scenario.load(
            from: Repository.path("Docs/scenarios/demo-room.json"), boardSearchPaths: [Repository.boardsDirectory])
        let room = try DemoRoom(scenario: scenario, seed: nil, interval: .milliseconds(100))
        var readings: [DemoReading] = []
        var time = SimulationTime.zero
        while time < SimulationTime(seconds: seconds) {
            time = time + DemoCommand.slice
            room.run(until: time, pacing: WallClockPacing(), speed: 0)
            readings += room.collect()
        }
        return (room, readings)
    }

    /// The tag walks about in front of the phone, its back to it; the laptop in the corner sees the tag's
    /// front, so the tag's own body stands in their way: that pair ranges through it, its first path
    /// weakened by the body, late by up to a path round it (`DeviceBodyModel`, 1.5 m).
    @Test("every device measures every peer about ten times a second, within 25 cm of the truth in line of sight (an office's multipath) and 1.5 m through the tag's body")
    func everyPairRanges() throws {
        let (room, readings) = try Self.run(seconds: 3)
        let pairs = Set(readings.map { $0.device + ">" + $0.peer })
        #expect(pairs == ["phone>tag", "phone>laptop", "tag>phone", "tag>laptop", "laptop>phone", "laptop>tag"])
        for pair in pairs {
            let updates = readings.filter { $0.device + ">" + $0.peer == pair }
            #expect(updates.count >= 25, "\(pair): \(updates.count) updates in 3 s")
            #expect(updates.allSatisfy { $0.state == .ranging })
            for reading in updates.suffix(10) {
                let measured = try #require(reading.distance?.metres)
                let truth = try #require(reading.trueDistance?.metres)
                let limit = pair.contains("laptop") && pair.contains("tag") ? 1.5 : 0.25
                #expect(abs(measured - truth) < limit, "\(pair) at \(reading.time): \(measured) m vs \(truth) m")
            }
        }
        #expect(room.readings.count == 6)
    }

    @Test("the phone (three chips) sees the tag in front with a direction; the tag (one chip) gives distance only")
    func directionsFollowTheBoards() throws {
        let (_, readings) = try Self.run(seconds: 3)
        let phoneToTag = readings.filter { $0.device == "phone" && $0.peer == "tag" }
        #expect(phoneToTag.suffix(10).allSatisfy { $0.direction != nil && $0.horizontalAngle != nil })
        let tagToPhone = readings.filter { $0.device == "tag" && $0.peer == "phone" }
        #expect(tagToPhone.allSatisfy { $0.direction == nil && $0.horizontalAngle == nil && $0.distance != nil })
    }

    @Test("each JSON line parses and carries device, peer, distance and direction")
    func jsonLinesParse() throws {
        let (_, readings) = try Self.run(seconds: 1)
        #expect(!readings.isEmpty)
        for reading in readings {
            let line = DemoJSONLine.line(for: reading)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            #expect(object["device"] as? String == reading.device)
            #expect(object["peer"] as? String == reading.peer)
            #expect(object["distance"] is Double)
            #expect(object.keys.contains("direction"))
        }
    }
}
