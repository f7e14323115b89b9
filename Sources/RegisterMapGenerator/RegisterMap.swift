import Foundation

/// A validated register map of one chip: every register file and sub-register, in file and offset order.
public struct RegisterMap: Sendable, Equatable {
    /// The chip the map describes, for example `DW1000`.
    public let device: String
    /// The chip's address limits and where its generated Swift goes.
    public let layout: ChipLayout
    /// Every register file and sub-register, sorted by file ID, then offset, a file before its
    /// sub-registers.
    public let registers: [RegisterDefinition]

    /// Decodes and validates a register-map JSON document of the chip `layout` describes (format:
    /// `Hardware/dw1000/README.md`).
    ///
    /// - Throws: ``RegisterMapError`` naming the JSON path of the first problem found.
    public init(json: Data, layout: ChipLayout) throws(RegisterMapError) {
        let document: RegisterMapDocument
        do {
            document = try JSONDecoder().decode(RegisterMapDocument.self, from: json)
        } catch let error as DecodingError {
            throw Self.describe(error)
        } catch {
            throw .malformedJSON(path: "(document)", detail: "\(error)")
        }
        var validator = RegisterMapValidator(layout: layout)
        device = document.device
        self.layout = layout
        registers = try validator.validate(document)
    }

    private static func describe(_ error: DecodingError) -> RegisterMapError {
        switch error {
        case let .keyNotFound(key, context):
            .malformedJSON(path: jsonPath(context.codingPath + [key]), detail: "the key is missing")
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
            .malformedJSON(path: jsonPath(context.codingPath), detail: context.debugDescription)
        @unknown default:
            .malformedJSON(path: "(document)", detail: "\(error)")
        }
    }

    private static func jsonPath(_ codingPath: [any CodingKey]) -> String {
        let path = codingPath.map { key in
            key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)"
        }.joined()
        let trimmed = path.hasPrefix(".") ? String(path.dropFirst()) : path
        return trimmed.isEmpty ? "(document)" : trimmed
    }
}
