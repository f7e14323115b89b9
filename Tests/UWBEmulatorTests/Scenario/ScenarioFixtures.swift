import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBTestSupport

/// Paths, a minimal valid scenario and JSON editing helpers shared by the scenario tests.
enum ScenarioFixtures {
    /// `Hardware/boards` in this repository.
    static let boardsDirectory = Repository.boardsDirectory

    /// `Docs/scenarios` in this repository.
    static let examplesDirectory = Repository.scenariosDirectory

    /// One step into a JSON document.
    typealias Step = JSONEditing.Step

    /// The example files in `Docs/scenarios`, sorted.
    static func examplePaths() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: examplesDirectory)
            .filter { $0.hasSuffix(".json") }
            .sorted()
            .map { URL(fileURLWithPath: examplesDirectory).appendingPathComponent($0).path }
    }

    /// Loads the example `name` (file name without `.json`).
    static func example(_ name: String) throws -> Scenario {
        try Scenario.load(
            from: URL(fileURLWithPath: examplesDirectory).appendingPathComponent("\(name).json").path,
            boardSearchPaths: [boardsDirectory])
    }

    /// A small valid scenario that uses every key, as a JSON object to be edited by a test.
    static var complete: [String: Any] {
        [
            "name": "every key",
            "seed": 42,
            "durationSeconds": 5,
            "radio": [
                "channel": 5, "prfMHz": 64, "preambleLength": 128, "preambleCode": 9,
                "preambleAcquisitionChunk": 8, "dataRateKbps": 6800, "sfd": "standard",
            ] as [String: Any],
            "channel": ["model": "cm3", "pathLossExponent": 1.7, "shadowingDB": 2] as [String: Any],
            "obstacles": [
                ["name": "wall", "min": [1, 0, -1], "max": [1.2, 2.5, 1], "attenuationDB": 10] as [String: Any]
            ],
            "devices": [
                [
                    "name": "alice", "board": "ft232h-dw1000-single", "position": [0, 0, 0],
                    "orientation": ["yawDegrees": 0, "pitchDegrees": 0, "rollDegrees": 0],
                    "clock": ["offsetPPM": 5, "driftPPMPerSqrtSecond": 0.01],
                    "antennaDelays": [["txTicks": 16436, "rxTicks": 16436]],
                    "phaseOffsetsRadians": [0],
                    "txPowerDBm": -14.3,
                    "transmit": ["intervalSeconds": 0.1, "payloadLength": 16, "startSeconds": 0] as [String: Any],
                ] as [String: Any],
                [
                    "name": "bob", "board": "ft232h-dw1000-dual", "position": [3, 0, 0],
                    "path": [
                        "waypoints": [["position": [3, 0, -2], "speedMetresPerSecond": 1.5] as [String: Any]],
                        "loop": true,
                    ] as [String: Any],
                    "antennaDelays": [["txTicks": 16430, "rxTicks": 16440], ["txTicks": 16436, "rxTicks": 16436]],
                    "phaseOffsetsRadians": [0, 0.7],
                ] as [String: Any],
            ],
        ]
    }

    /// The smallest valid scenario: a name and one device with its three required keys.
    static var minimal: [String: Any] {
        ["name": "minimal", "devices": [["name": "solo", "board": "ft232h-dw1000-single", "position": [0, 0, 0]]]]
    }


    /// `document` as JSON data.
    static func data(_ document: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
    }

    /// Decodes `document`, expects a ``ScenarioError`` about `field` whose message starts with the
    /// field path and contains `fragment` (if not empty), and returns the error.
    @discardableResult
    static func expectError(
        _ document: Any, field: String?, containing fragment: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ScenarioError? {
        let data = try data(document)
        let error = #expect(throws: ScenarioError.self, sourceLocation: sourceLocation) {
            try Scenario(jsonData: data, boardSearchPaths: [boardsDirectory])
        }
        guard let error else { return nil }
        for problem in FieldErrorCheck.problems(field: error.field, description: error.description, expectedField: field, fragment: fragment) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
        return error
    }
}
