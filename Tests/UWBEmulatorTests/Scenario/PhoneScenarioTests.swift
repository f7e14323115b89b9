import Foundation
import Testing
import UWBEmulator

@Suite("Scenario: phones of the accessory protocol and their accessories")
struct PhoneScenarioTests {
    typealias F = ScenarioFixtures

    /// A device called `name` on `board` at `x` metres along x, with `extra` keys.
    static func device(_ name: String, _ x: Double, board: String = "ft232h-dwm3000-single", _ extra: [String: Any] = [:]) -> [String: Any] {
        ["name": name, "board": board, "position": [x, 1, 0]].merging(extra) { $1 }
    }

    static func document(_ devices: [[String: Any]]) -> [String: Any] {
        var document = F.minimal
        document["devices"] = devices
        return document
    }

    @Test("a phone names its platform and its accessory")
    func decodes() throws {
        let scenario = try Scenario(jsonData: try F.data(Self.document([
            Self.device("iphone", 0, ["phone": ["platform": "iphone", "accessory": "tag"]]), Self.device("tag", 2),
            Self.device("pixel", 4, ["phone": ["platform": "android", "accessory": "tracker"]]), Self.device("tracker", 6),
        ])), boardSearchPaths: [F.boardsDirectory])
        #expect(scenario.devices.map(\.phone) == [
            PhoneSpec(platform: .iPhone, accessory: "tag"), nil, PhoneSpec(platform: .android, accessory: "tracker"), nil,
        ])
    }

    @Test("an accessory that is not there, the phone itself, another phone's, one with software of its own, a DW1000 board, an unknown platform and other software beside: refused, naming the field")
    func refusals() throws {
        let phone: [String: Any] = ["phone": ["platform": "iphone", "accessory": "tag"]]
        try F.expectError(Self.document([Self.device("a", 0, phone)]), field: "devices[0].phone.accessory", containing: "no device has that name")
        try F.expectError(
            Self.document([Self.device("tag", 0, phone)]), field: "devices[0].phone.accessory", containing: "the phone itself")
        try F.expectError(
            Self.document([Self.device("a", 0, phone), Self.device("b", 2, phone), Self.device("tag", 4)]),
            field: "devices[1].phone.accessory", containing: "already the accessory of \"a\"")
        try F.expectError(
            Self.document([Self.device("a", 0, phone), Self.device("tag", 2, ["tag": [String: Any]()])]),
            field: "devices[0].phone.accessory", containing: "software of its own")
        try F.expectError(
            Self.document([Self.device("a", 0, phone), Self.device("tag", 2, board: "ft232h-dw1000-single")]),
            field: "devices[0].phone", containing: "without an STS")
        try F.expectError(
            Self.document([Self.device("a", 0, ["phone": ["platform": "nokia", "accessory": "tag"]]), Self.device("tag", 2)]),
            field: "devices[0].phone.platform", containing: "android")
        try F.expectError(
            Self.document([Self.device("a", 0, phone.merging(["tag": [String: Any]()]) { $1 }), Self.device("tag", 2)]),
            field: "devices[0].phone", containing: "both tag and phone")
        try F.expectError(
            Self.document([Self.device("a", 0, ["phone": ["platform": "iphone"]]), Self.device("tag", 2)]),
            field: "devices[0].phone.accessory", containing: "required")
    }
}
