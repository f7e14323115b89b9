import Foundation
import Testing
import UWBCore
import UWBEmulator

@Suite("Scenario: anchors, tags and the positioning network")
struct PositioningScenarioTests {
    typealias F = ScenarioFixtures

    /// A device called `name` at `x` metres along x, with `extra` keys.
    static func device(_ name: String, _ x: Double, _ extra: [String: Any] = [:]) -> [String: Any] {
        ["name": name, "board": "ft232h-dw1000-single", "position": [x, 2, 0]].merging(extra) { $1 }
    }

    /// The minimal scenario with `devices` and, if given, a `positioning` object.
    static func document(_ devices: [[String: Any]], positioning: [String: Any]? = nil) -> [String: Any] {
        var document = F.minimal
        document["devices"] = devices
        document["positioning"] = positioning
        return document
    }

    static func decoded(_ document: [String: Any]) throws -> Scenario {
        try Scenario(jsonData: try F.data(document), boardSearchPaths: [F.boardsDirectory])
    }

    @Test("anchors with clusters, surveyed positions and floors, tags, and the network's identifier, rate and site origin decode")
    func decodes() throws {
        let scenario = try Self.decoded(Self.document([
            Self.device("a", 0, ["anchor": ["cluster": "north"]]),
            Self.device("b", 5, ["anchor": [
                "cluster": "north", "surveyedPosition": [5.02, 2, 0], "floor": ["number": -1, "heightMetres": 2.75] as [String: Any],
            ] as [String: Any]]),
            Self.device("t", 2, ["tag": [String: Any]()]),
            Self.device("other", 3),
        ], positioning: [
            "networkIdentifier": 42, "method": "ul-tdoa", "roundsPerSecond": 20, "timestampDeviationMetres": 0.15,
            "siteOrigin": ["latitudeDegrees": 52.2, "longitudeDegrees": -0.12, "altitudeMetres": 15] as [String: Any],
        ]))
        #expect(scenario.devices.map(\.positioning) == [
            .anchor(cluster: "north", surveyedPosition: nil, floor: nil),
            .anchor(
                cluster: "north", surveyedPosition: Position(metres: Vector3(x: 5.02, y: 2, z: 0)),
                floor: FloorElevation(floorNumber: -1, heightAboveFloor: Distance(metres: 2.75))),
            .tag, nil,
        ])
        #expect(scenario.positioning == PositioningSpec(
            network: 42, method: .uplinkTDoA, roundsPerSecond: 20, timestampDeviation: .centimetres(15),
            siteOrigin: GeodeticPosition(latitude: .degrees(52.2), longitude: .degrees(-0.12), altitude: Distance(metres: 15))))
    }

    @Test("without a positioning object: network 1, DL-TDoA, 10 rounds a second, 3 cm per timestamp, no site origin")
    func defaults() throws {
        let scenario = try Self.decoded(Self.document([Self.device("a", 0)]))
        #expect(scenario.positioning == PositioningSpec(
            network: 1, method: .downlinkTDoA, roundsPerSecond: 10, timestampDeviation: .centimetres(3), siteOrigin: nil))
    }

    @Test("a lone anchor, two kinds of software, a site origin off the globe and out-of-range values are refused, naming the field")
    func refusals() throws {
        try F.expectError(
            Self.document([Self.device("a", 0, ["anchor": ["cluster": "x"]]), Self.device("b", 1, ["anchor": ["cluster": "y"]]),
                           Self.device("c", 2, ["anchor": ["cluster": "y"]])]),
            field: "devices[0].anchor.cluster", containing: "only this anchor")
        try F.expectError(
            Self.document([Self.device("a", 0, ["anchor": ["cluster": "x"], "tag": [String: Any]()])]),
            field: "devices[0].tag", containing: "both anchor and tag")
        try F.expectError(
            Self.document([Self.device("a", 0, ["tag": [String: Any](), "transmit": ["intervalSeconds": 0.1]])]),
            field: "devices[0].tag", containing: "both transmit and tag")
        try F.expectError(Self.document([Self.device("a", 0, ["anchor": [String: Any]()])]), field: "devices[0].anchor.cluster", containing: "required")
        try F.expectError(Self.document([Self.device("a", 0, ["tag": ["listens": true]])]), field: "devices[0].tag.listens", containing: "")
        try F.expectError(
            Self.document([Self.device("a", 0, ["anchor": ["cluster": "x", "surveyedPosition": [0, 2000, 0]] as [String: Any]])]),
            field: "devices[0].anchor.surveyedPosition[1]", containing: "metres")
        try F.expectError(
            Self.document([Self.device("a", 0, ["anchor": ["cluster": "x", "floor": ["number": 200, "heightMetres": 1] as [String: Any]] as [String: Any]])]),
            field: "devices[0].anchor.floor.number", containing: "8 bits")
        try F.expectError(
            Self.document([Self.device("a", 0, ["anchor": ["cluster": "x", "floor": ["number": 1] as [String: Any]] as [String: Any]])]),
            field: "devices[0].anchor.floor.heightMetres", containing: "missing")
        for (key, value, limit) in [("latitudeDegrees", 91.0, "pole"), ("latitudeDegrees", -90.5, "pole"), ("longitudeDegrees", 181.0, "Greenwich"),
                                     ("altitudeMetres", 20_000.0, "trench")] {
            var origin: [String: Any] = ["latitudeDegrees": 10, "longitudeDegrees": 10]
            origin[key] = value
            try F.expectError(
                Self.document([Self.device("a", 0)], positioning: ["siteOrigin": origin]),
                field: "positioning.siteOrigin.\(key)", containing: limit)
        }
        try F.expectError(
            Self.document([Self.device("a", 0)], positioning: ["siteOrigin": ["latitudeDegrees": 10]]),
            field: "positioning.siteOrigin.longitudeDegrees", containing: "required")
        try F.expectError(Self.document([Self.device("a", 0)], positioning: ["networkIdentifier": 65_535]),
                          field: "positioning.networkIdentifier", containing: "broadcast")
        try F.expectError(Self.document([Self.device("a", 0)], positioning: ["roundsPerSecond": 0]),
                          field: "positioning.roundsPerSecond", containing: "")
        try F.expectError(Self.document([Self.device("a", 0)], positioning: ["method": "gps"]),
                          field: "positioning.method", containing: "ul-tdoa")
        try F.expectError(Self.document([Self.device("a", 0)], positioning: ["timestampDeviationMetres": 0]),
                          field: "positioning.timestampDeviationMetres", containing: "metres")
    }
}
