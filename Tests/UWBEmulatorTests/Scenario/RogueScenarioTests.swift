import Foundation
import Testing
import UWBCore
import UWBEmulator

@Suite("Scenario: rogue devices")
struct RogueScenarioTests {
    typealias F = ScenarioFixtures

    /// The minimal scenario with `rogue` on its device.
    static func document(rogue: Any) -> [String: Any] {
        var document = F.minimal
        document["devices"] = [["name": "mallory", "board": "ft232h-dw1000-single", "position": [0, 0, 0], "rogue": rogue] as [String: Any]]
        return document
    }

    static func decoded(_ rogue: Any) throws -> RogueSpec? {
        try Scenario(jsonData: try F.data(Self.document(rogue: rogue)), boardSearchPaths: [F.boardsDirectory]).devices.first?.rogue
    }

    @Test("each kind decodes with its parameters, or their defaults")
    func kinds() throws {
        #expect(try Self.decoded(["kind": "replayer", "startSeconds": 2, "delaySeconds": 0.5] as [String: Any])
            == RogueSpec(behaviour: .replayer(delay: .milliseconds(500)), start: .seconds(2)))
        #expect(try Self.decoded(["kind": "replayer"]) == RogueSpec(behaviour: .replayer(delay: RogueSpec.defaultReplayDelay)))
        #expect(try Self.decoded(["kind": "forger", "claimMetres": 1.5, "leadSeconds": 1e-6] as [String: Any])
            == RogueSpec(behaviour: .forger(claimed: Distance(metres: 1.5), lead: .microseconds(1))))
        #expect(try Self.decoded(["kind": "forger"]) == RogueSpec(behaviour: .forger(claimed: RogueSpec.defaultClaim, lead: RogueSpec.defaultLead)))
        #expect(try Self.decoded(["kind": "early-responder", "leadSeconds": 0] as [String: Any])
            == RogueSpec(behaviour: .earlyResponder(lead: .zero)))
        #expect(try Self.decoded(["kind": "jammer", "dutyCycle": 0.25] as [String: Any]) == RogueSpec(behaviour: .jammer(dutyCycle: 0.25)))
        #expect(try Self.decoded(["kind": "early-path", "advanceMetres": 1.5, "victims": ["mallory"]] as [String: Any])
            == RogueSpec(behaviour: .earlyPath(advance: Distance(metres: 1.5), victims: ["mallory"])))
        #expect(try Self.decoded(["kind": "early-path", "victims": ["mallory"]] as [String: Any])
            == RogueSpec(behaviour: .earlyPath(advance: RogueSpec.defaultAdvance, victims: ["mallory"])))
    }

    @Test("an unknown kind, a parameter of another kind, a value out of range or a transmit script beside it is refused, naming the field")
    func refusals() throws {
        try F.expectError(Self.document(rogue: ["kind": "spoofer"]), field: "devices[0].rogue.kind", containing: "replayer")
        try F.expectError(Self.document(rogue: ["kind": "jammer", "delaySeconds": 1] as [String: Any]), field: "devices[0].rogue.delaySeconds", containing: "dutyCycle")
        try F.expectError(Self.document(rogue: ["kind": "jammer", "dutyCycle": 0] as [String: Any]), field: "devices[0].rogue.dutyCycle", containing: "")
        try F.expectError(Self.document(rogue: ["kind": "jammer", "dutyCycle": 1.5] as [String: Any]), field: "devices[0].rogue.dutyCycle", containing: "")
        try F.expectError(Self.document(rogue: ["kind": "forger", "leadSeconds": 1e-3] as [String: Any]), field: "devices[0].rogue.leadSeconds", containing: "20")
        try F.expectError(Self.document(rogue: ["kind": "replayer", "delaySeconds": 11] as [String: Any]), field: "devices[0].rogue.delaySeconds", containing: "10")
        try F.expectError(Self.document(rogue: ["kind": "forger", "claimMetres": -1] as [String: Any]), field: "devices[0].rogue.claimMetres", containing: "")
        try F.expectError(Self.document(rogue: ["kind": "early-path", "victims": ["bob"]] as [String: Any]), field: "devices[0].rogue.victims", containing: "bob")
        try F.expectError(Self.document(rogue: ["kind": "early-path", "victims": [String]()] as [String: Any]), field: "devices[0].rogue.victims", containing: "at least one")
        try F.expectError(Self.document(rogue: ["kind": "early-path", "advanceMetres": 0, "victims": ["mallory"]] as [String: Any]), field: "devices[0].rogue.advanceMetres", containing: "")
        try F.expectError(Self.document(rogue: ["kind": "early-path"]), field: "devices[0].rogue.victims", containing: "required")
        var both = Self.document(rogue: ["kind": "jammer"])
        both["devices"] = [["name": "mallory", "board": "ft232h-dw1000-single", "position": [0, 0, 0], "rogue": ["kind": "jammer"],
                            "transmit": ["intervalSeconds": 0.1] as [String: Any]] as [String: Any]]
        try F.expectError(both, field: "devices[0].rogue", containing: "transmit script")
    }

    @Test("without the layer that provides attackers, a rogue device stays silent")
    func silentWithoutAttackers() throws {
        var document = Self.document(rogue: ["kind": "jammer", "dutyCycle": 1] as [String: Any])
        document["devices"] = (document["devices"] as? [[String: Any]] ?? [])
            + [["name": "listener", "board": "ft232h-dw1000-single", "position": [1, 0, 0]] as [String: Any]]
        let scenario = try Scenario(jsonData: try F.data(document), boardSearchPaths: [F.boardsDirectory])
        let emulation = try Emulation(scenario: scenario)
        #expect(emulation.devices.allSatisfy { $0.radio.handler == nil })
    }
}
