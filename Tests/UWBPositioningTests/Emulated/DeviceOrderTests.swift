import EmulatorHarness
import Testing
import UWBCore
import UWBEmulator
import UWBPositioning

/// A world's random draws belong to its devices and links by name, not by the order in which the
/// scenario lists the devices or the medium first carries a frame over each link: a listening tag
/// hears the same rounds, to the picosecond and the hundredth of a dB, however the tags are listed
/// and whichever other listeners join it.
@Suite struct DeviceOrderTests {
    /// Every round each tag of `scenario` heard in its first second, by the tag's name, its world split
    /// into `parts` parts.
    static func rounds(_ scenario: Scenario, parts: Int = 1, tagsListenOnly: Bool = false) throws -> [String: [DownlinkTDoAObservation]] {
        let emulation = try Emulation(scenario: scenario, parts: parts)
        try ScenarioPositioning.runDownlinkAnchors(of: scenario, on: emulation)
        if tagsListenOnly {
            for (index, device) in emulation.devices.enumerated() where device.name.hasPrefix("T") {
                emulation.listenOnly(device: index)
            }
        }
        // One list per tag: in a world of several parts, tags in different parts hear their rounds on
        // different threads at once.
        final class Heard {
            var rounds: [DownlinkTDoAObservation] = []
        }
        var heard: [String: Heard] = [:]
        for device in emulation.devices where device.name.hasPrefix("T") {
            let list = Heard()
            heard[device.name] = list
            // The radio keeps the tag it adopts.
            device.radio.adopt(DownlinkTDoATag(on: device.radio, network: PANIdentifier(rawValue: PositioningSpec.defaultNetwork)) {
                list.rounds.append($0)
            })
        }
        emulation.run(until: SimulationTime(seconds: 1))
        return heard.compactMapValues { $0.rounds.isEmpty ? nil : $0.rounds }
    }

    /// The hall with tags `T1` at (5, 5) and `T2` at (12, 9), and with `extra` listeners after them.
    static func hall(extra: [(x: Double, z: Double, ppm: Double)] = []) throws -> Scenario {
        try PositioningHall.scenario(tags: [(5, 5, -15), (12, 9, 9)] + extra)
    }

    @Test("the tags listed the other way round hear the same rounds")
    func reorderedTags() throws {
        let listed = try Self.hall()
        var swapped = listed
        let tags = swapped.devices.indices.filter { swapped.devices[$0].name.hasPrefix("T") }
        swapped.devices.swapAt(tags[0], tags[1])
        #expect(swapped.devices.map(\.name) != listed.devices.map(\.name))
        let before = try Self.rounds(listed)
        let after = try Self.rounds(swapped)
        #expect(before["T1"]?.count == 20 && before["T2"]?.count == 20)
        #expect(after == before)
    }

    @Test("a third listener changes nothing the first two hear")
    func addedListener() throws {
        let two = try Self.rounds(Self.hall())
        let three = try Self.rounds(Self.hall(extra: [(8, 11, 4)]))
        #expect(three["T3"]?.count == 20)
        #expect(three["T1"] == two["T1"] && three["T2"] == two["T2"])
    }
}
