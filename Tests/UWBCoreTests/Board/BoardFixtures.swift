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
        for problem in FieldErrorCheck.problems(field: error.field, description: error.description, expectedField: field, fragment: fragment) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
        return error
    }
}

@Suite("The field-error check the board and scenario tests share")
struct FieldErrorCheckTests {
    @Test("an error as expected has no problem; a wrong field, a message without its path or without the fragment each has one")
    func problems() {
        #expect(FieldErrorCheck.problems(field: "chips", description: "chips: empty", expectedField: "chips", fragment: "empty").isEmpty)
        #expect(FieldErrorCheck.problems(field: "id", description: "chips: empty", expectedField: "chips", fragment: "").count == 1)
        #expect(FieldErrorCheck.problems(field: "chips", description: "empty chips", expectedField: "chips", fragment: "").count == 1)
        #expect(FieldErrorCheck.problems(field: "chips", description: "chips: empty", expectedField: "chips", fragment: "missing").count == 1)
        #expect(FieldErrorCheck.problems(field: nil, description: "not JSON", expectedField: nil, fragment: "JSON").isEmpty)
    }
}
