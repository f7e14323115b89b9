import Foundation
import Testing
@testable import uwb
import UWBEmulator
import UWBTestSupport

/// What `uwb emulate` says before a run about traffic that shows nothing or cannot fit.
@Suite("uwb emulate notes")
struct EmulateNotesTests {
    /// The shipped scenario `name`.
    static func scenario(_ name: String) throws -> Scenario {
        try Scenario.load(from: Repository.path("Docs/scenarios/\(name).json"), boardSearchPaths: [Repository.boardsDirectory])
    }

    @Test("scripted traffic that fits the channel needs no note")
    func fits() throws {
        #expect(EmulateNotes.notes(for: try Self.scenario("hall-twenty"), path: "hall.json").isEmpty)
    }

    @Test("a scenario without scripts is said to send nothing")
    func unscripted() throws {
        #expect(EmulateNotes.notes(for: try Self.scenario("dense-room"), path: "room.json") == [
            "no device of room.json has a transmit script, so nothing is sent; uwb range and uwb demo range between its devices",
        ])
    }

    @Test("scripts that ask for more than the channel's airtime are said to collide, with the share and the limit")
    func overloaded() throws {
        var hall = try Self.scenario("hall-twenty")
        // Thirty times as often: 20 devices every 3.33 ms, about 115 % of the air.
        for index in hall.devices.indices {
            hall.devices[index].transmit?.interval = .microseconds(3333)
        }
        let notes = EmulateNotes.notes(for: hall, path: "hall.json")
        #expect(notes == [
            "the transmit scripts of hall.json ask for \(String(format: "%.0f", hall.scriptedAirtimeShare * 100)) % of the channel's airtime, "
                + "more than the 100 % one channel carries, so most frames will collide; "
                + "send less often (devices[i].transmit.intervalSeconds), shorter frames or from fewer devices",
        ])
        #expect(hall.scriptedAirtimeShare > 1.1 && hall.scriptedAirtimeShare < 1.2)
    }
}
