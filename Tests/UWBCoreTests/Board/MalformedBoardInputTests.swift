import Foundation
import Testing
import UWBCore
import UWBTestSupport

/// Broken inputs of every shape must throw ``BoardDescriptionError``, never trap.
@Suite("Malformed board input")
struct MalformedBoardInputTests {
    typealias Step = BoardFixtures.Step

    @Test("every truncation of a shipped file throws", arguments: BoardFixtures.shippedIDs)
    func truncated(id: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: BoardFixtures.path(of: id)))
        // Every prefix that lacks the final closing brace (the file ends with "}\n").
        for length in 0..<(data.count - 1) {
            #expect(throws: BoardDescriptionError.self, "truncated to \(length) bytes") {
                try BoardDescription(jsonData: data.prefix(length))
            }
        }
    }

    @Test("documents that are not board objects", arguments: [
        "", " ", "null", "42", "\"board\"", "[]", "{}", "[{}]", "true", "{\"id\": }", "{\"id\": \"a\",,}",
        "\u{FEFF}", "{\"chips\": [[[[[[[[[[]]]]]]]]]]}", "{\"chips\": {}}", "{\"chips\": null}",
    ])
    func notBoards(text: String) {
        #expect(throws: BoardDescriptionError.self) { try BoardDescription(jsonData: Data(text.utf8)) }
    }

    @Test("bytes that are not UTF-8 text")
    func binary() {
        let bytes: [UInt8] = [0xFF, 0xFE, 0x00, 0x7B, 0xC3, 0x28, 0x80, 0x00]
        #expect(throws: BoardDescriptionError.self) { try BoardDescription(jsonData: Data(bytes)) }
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

    /// JSON values of another type than `value`.
    func wrongTypes(for value: Any) -> [Any] {
        let all: [Any] = [NSNull(), true, 7, "text", [1, 2, 3], ["key": 1]]
        return all.filter { type(of: $0) != type(of: value) && !($0 is NSNumber && value is NSNumber) }
    }

    @Test("every value replaced by every other JSON type throws", arguments: BoardFixtures.shippedIDs)
    func wrongTypeEverywhere(id: String) throws {
        let document = try BoardFixtures.json(of: id)
        var cases = 0
        for path in paths(in: document) {
            let original = try #require(value(at: path, in: document))
            for replacement in wrongTypes(for: original) {
                let edited = JSONEditing.replacing(path, with: replacement, in: document)
                let data = try JSONSerialization.data(withJSONObject: edited)
                #expect(throws: BoardDescriptionError.self, "\(path) = \(replacement)") {
                    try BoardDescription(jsonData: data)
                }
                cases += 1
            }
        }
        #expect(cases > 100)
    }

    func value(at path: [Step], in document: Any) -> Any? {
        var current: Any? = document
        for step in path {
            switch step {
            case .key(let key): current = (current as? [String: Any])?[key]
            case .index(let index):
                guard let array = current as? [Any], array.indices.contains(index) else { return nil }
                current = array[index]
            }
        }
        return current
    }

    @Test("every key removed throws", arguments: BoardFixtures.shippedIDs)
    func everyKeyRemoved(id: String) throws {
        let document = try BoardFixtures.json(of: id)
        for path in paths(in: document) {
            guard case .key = path.last else { continue }
            let data = try JSONSerialization.data(withJSONObject: JSONEditing.replacing(path, with: nil, in: document))
            #expect(throws: BoardDescriptionError.self, "without \(path)") { try BoardDescription(jsonData: data) }
        }
    }
}
