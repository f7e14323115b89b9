import Foundation
import Testing
import UWBCore

/// Paths and JSON helpers shared by the board tests.
enum BoardFixtures {
    /// `Hardware/boards` in this repository, found from this source file's path.
    static let boardsDirectory: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // Board, UWBCoreTests, Tests, file name
        return url.appendingPathComponent("Hardware/boards").path
    }()

    /// The ids of the board files the repository ships.
    static let shippedIDs = ["ft232h-dw1000-dual", "ft232h-dw1000-single", "ft232h-dw1000-triple"]

    /// The path of a shipped board file.
    static func path(of id: String) -> String {
        URL(fileURLWithPath: boardsDirectory).appendingPathComponent("\(id).json").path
    }

    /// The parsed JSON of a shipped board file, to be edited by a test.
    static func json(of id: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path(of: id))))
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

    /// The shipped board `id` with one value changed (or removed), as JSON data.
    static func edited(_ id: String, _ path: [Step], to value: Any?) throws -> Data {
        try JSONSerialization.data(withJSONObject: replacing(path, with: value, in: json(of: id)))
    }

    /// Decodes `data`, expects a ``BoardDescriptionError`` about `field` whose message starts with
    /// the field path and contains `fragment` (if not empty), and returns the error.
    @discardableResult
    static func expectError(
        _ data: Data, field: String?, containing fragment: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> BoardDescriptionError? {
        let error = #expect(throws: BoardDescriptionError.self, sourceLocation: sourceLocation) {
            try BoardDescription(jsonData: data)
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
