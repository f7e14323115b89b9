import Foundation
import Testing
import UWBCore
import UWBEmulator

/// Paths, a minimal valid scenario and JSON editing helpers shared by the scenario tests.
enum ScenarioFixtures {
    /// The repository root, found from this source file's path.
    static let repository: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // file name, Scenario, UWBEmulatorTests, Tests
        return url
    }()

    /// `Hardware/boards` in this repository.
    static let boardsDirectory = repository.appendingPathComponent("Hardware/boards").path

    /// `Docs/scenarios` in this repository.
    static let examplesDirectory = repository.appendingPathComponent("Docs/scenarios").path

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

    /// One step into a JSON document.
    enum Step {
        case key(String)
        case index(Int)
    }

    /// `document` with the value at `path` replaced by `value`, or removed when `value` is nil.
    static func replacing(_ path: [Step], with value: Any?, in document: Any) -> Any {
        guard let step = path.first else { return value ?? NSNull() }
        let rest = Array(path.dropFirst())
        switch step {
        case .key(let key):
            var object = document as? [String: Any] ?? [:]
            if rest.isEmpty, value == nil {
                object[key] = nil
            } else {
                object[key] = replacing(rest, with: value, in: object[key] ?? [String: Any]())
            }
            return object
        case .index(let index):
            var array = document as? [Any] ?? []
            guard array.indices.contains(index) else { return array }
            array[index] = replacing(rest, with: value, in: array[index])
            return array
        }
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
        #expect(error.field == field, "\(error)", sourceLocation: sourceLocation)
        if let field {
            #expect(error.description.hasPrefix("\(field): "), "\(error)", sourceLocation: sourceLocation)
        }
        if !fragment.isEmpty {
            #expect(error.description.contains(fragment), "\(error)", sourceLocation: sourceLocation)
        }
        return error
    }
}
