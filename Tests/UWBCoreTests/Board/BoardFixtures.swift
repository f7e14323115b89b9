import Foundation
import Testing
import UWBCore
import UWBTestSupport

/// Paths and JSON helpers shared by the board tests.
enum BoardFixtures {
    /// `Hardware/boards` in this repository.
    static let boardsDirectory = Repository.boardsDirectory

    /// One step into a JSON document.
    typealias Step = JSONEditing.Step

    /// The ids of the board files the repository ships.
    static let shippedIDs = [
        "ft232h-dw1000-dual", "ft232h-dw1000-single", "ft232h-dw1000-triple", "ft232h-dw3220-pdoa", "ft232h-dwm3000-single",
    ]

    /// The path of a shipped board file.
    static func path(of id: String) -> String {
        URL(fileURLWithPath: boardsDirectory).appendingPathComponent("\(id).json").path
    }

    /// The parsed JSON of a shipped board file, to be edited by a test.
    static func json(of id: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path(of: id))))
    }


    /// The shipped board `id` with one value changed (or removed), as JSON data.
    static func edited(_ id: String, _ path: [Step], to value: Any?) throws -> Data {
        try JSONSerialization.data(withJSONObject: JSONEditing.replacing(path, with: value, in: json(of: id)))
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
