import Foundation
import Testing
import UWBCore
import UWBTestSupport
import UWBEmulator

/// Broken inputs of every shape must throw ``ScenarioError``, never trap.
@Suite("Malformed scenario input")
struct MalformedScenarioTests {
    typealias Step = ScenarioFixtures.Step

    func decode(_ data: Data) throws(ScenarioError) -> Scenario {
        try Scenario(jsonData: data, boardSearchPaths: [ScenarioFixtures.boardsDirectory])
    }

    @Test("every truncation of every example throws")
    func truncated() throws {
        for path in try ScenarioFixtures.examplePaths() {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            // Every prefix that lacks the final closing brace (the files end with "}\n").
            for length in 0..<(data.count - 1) {
                #expect(throws: ScenarioError.self, "\(path) truncated to \(length) bytes") { try decode(data.prefix(length)) }
            }
        }
    }

    @Test("documents that are not scenarios", arguments: [
        "", " ", "null", "42", "\"scenario\"", "[]", "{}", "[{}]", "true", "{\"name\": }", "{\"name\": \"a\",,}",
        "\u{FEFF}", "{\"devices\": [[[[[[[[[[]]]]]]]]]]}", "{\"name\": \"a\", \"devices\": {}}",
        "{\"name\": \"a\", \"devices\": null}", "{\"name\": \"a\", \"devices\": [null]}", "{\"name\": \"a\", \"devices\": [1]}",
    ])
    func notScenarios(text: String) {
        #expect(throws: ScenarioError.self) { try decode(Data(text.utf8)) }
    }

    @Test("bytes that are not UTF-8 text")
    func binary() {
        let bytes: [UInt8] = [0xFF, 0xFE, 0x00, 0x7B, 0xC3, 0x28, 0x80, 0x00]
        #expect(throws: ScenarioError.self) { try decode(Data(bytes)) }
    }

    /// Every path to a value in `document`, objects and arrays included.
    func paths(in document: Any, prefix: [Step] = []) -> [[Step]] {
        switch document {
        case let object as [String: Any]:
            object.keys.sorted().flatMap { [prefix + [.key($0)]] + paths(in: object[$0] ?? NSNull(), prefix: prefix + [.key($0)]) }
        case let array as [Any]:
            array.indices.flatMap { [prefix + [.index($0)]] + paths(in: array[$0], prefix: prefix + [.index($0)]) }
        default:
            []
        }
    }

    @Test("every value replaced by a value of another JSON type throws, or is an accepted null")
    func typeSwaps() throws {
        let document = ScenarioFixtures.complete
        let replacements: [Any] = ["text", 1.5, -7, true, [Any](), [String: Any](), [1, 2, 3]]
        for path in paths(in: document) {
            for replacement in replacements {
                let edited = JSONEditing.replacing(path, with: replacement, in: document)
                let data = try ScenarioFixtures.data(edited)
                // Some swaps are valid (a number for another number); none may trap.
                _ = try? decode(data)
            }
        }
        // Structural swaps must always throw: an object or array where the other belongs.
        for path in paths(in: document) {
            let edited = JSONEditing.replacing(path, with: "text", in: document)
            let data = try ScenarioFixtures.data(edited)
            let isString = path.last.map { step in
                if case .key(let key) = step { ["name", "board", "sfd", "model"].contains(key) } else { false }
            } ?? false
            if !isString {
                #expect(throws: ScenarioError.self, "\(path)") { try decode(data) }
            }
        }
    }

    @Test("removing any key either throws or falls back to its default, never traps")
    func removals() throws {
        let document = ScenarioFixtures.complete
        for path in paths(in: document) {
            let data = try ScenarioFixtures.data(JSONEditing.replacing(path, with: nil, in: document))
            _ = try? decode(data)
        }
    }
}
