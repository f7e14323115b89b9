import EmulatorHarness
import Testing
import UWBCore
import UWBEmulator
import UWBPositioning

/// DL-TDoA rounds cross the parts of a split world: responders answer a Poll from an initiator in
/// another part a few hundred microseconds later, and the tags hear all of them. Every tag hears the
/// same rounds, to the picosecond and the hundredth of a dB, however the world is split.
@Suite struct WorldPartsRoundsTests {
    @Test("three tags in the hall hear the same rounds in 1, 2, 3 and 5 parts")
    func sameRounds() throws {
        let hall = try PositioningHall.scenario(tags: [(5, 5, -15), (12, 9, 9), (8, 11, 4)])
        let whole = try DeviceOrderTests.rounds(hall)
        #expect(whole.count == 3 && whole.values.allSatisfy { $0.count == 20 })
        for parts in [2, 3, 5] {
            #expect(try DeviceOrderTests.rounds(hall, parts: parts) == whole, "\(parts) parts")
        }
    }

    /// A part of tags alone promises nothing: the anchors' parts run without waiting for it, and it
    /// trails them.
    @Test("tags said to listen only hear the same rounds in 1, 2, 3 and 5 parts, some parts holding tags alone")
    func listeningTags() throws {
        let hall = try PositioningHall.scenario(tags: [(5, 5, -15), (12, 9, 9), (8, 11, 4)])
        let split = try Emulation(scenario: hall, parts: 5)
        let tagsAlone = (0..<5).filter { part in split.devices.filter { $0.part == part }.allSatisfy { $0.name.hasPrefix("T") } }
        #expect(!tagsAlone.isEmpty, "\(split.devices.map { "\($0.name): \($0.part)" })")
        let whole = try DeviceOrderTests.rounds(hall)
        for parts in [1, 2, 3, 5] {
            #expect(try DeviceOrderTests.rounds(hall, parts: parts, tagsListenOnly: true) == whole, "\(parts) parts")
        }
    }
}
