import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBTestSupport

/// ``Scenario/scriptedAirtimeShare``: how much of the channel's time the transmit scripts ask for.
@Suite("Scenario airtime share")
struct ScenarioAirtimeTests {
    /// The minimal scenario with `count` devices 2 m apart on a grid 40 wide, each sending a 16-octet payload every
    /// `interval` seconds.
    static func scripted(count: Int, interval: Double) throws -> Scenario {
        let devices = (0..<count).map { index -> [String: Any] in
            ["name": "d\(index)", "board": "ft232h-dw1000-single", "position": [Double(index % 40) * 2, 0, Double(index / 40) * 2],
             "transmit": ["intervalSeconds": interval]]
        }
        let document = JSONEditing.replacing([.key("devices")], with: devices, in: ScenarioFixtures.minimal)
        return try Scenario(jsonData: ScenarioFixtures.data(document), boardSearchPaths: [ScenarioFixtures.boardsDirectory])
    }

    @Test("no script asks for no airtime")
    func unscripted() throws {
        #expect(try ScenarioFixtures.example("demo-room").scriptedAirtimeShare == 0)
    }

    @Test("one 27-octet frame (about 0.192 ms at the ranging configuration) every 100 ms is about 0.19 %")
    func oneDevice() throws {
        let share = try Self.scripted(count: 1, interval: 0.1).scriptedAirtimeShare
        #expect(share > 0.00190 && share < 0.00194, "\(share)")
    }

    @Test("the shares of the devices add up; 1000 devices every 100 ms ask for more than the channel has")
    func sums() throws {
        let one = try Self.scripted(count: 1, interval: 0.1).scriptedAirtimeShare
        let twenty = try Self.scripted(count: 20, interval: 0.1).scriptedAirtimeShare
        #expect(abs(twenty - 20 * one) < 1e-12)
        #expect(try Self.scripted(count: 1000, interval: 0.1).scriptedAirtimeShare > 1.9)
    }

    @Test("the shipped hall asks for under 4 % of the air")
    func hall() throws {
        let share = try ScenarioFixtures.example("hall-twenty").scriptedAirtimeShare
        #expect(share > 0.03 && share < 0.04, "\(share)")
    }
}
