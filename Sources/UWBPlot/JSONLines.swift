import Foundation
import UWBCore

/// The objects of a JSON-lines file (one JSON object per line), each with its line number,
/// parsed with UWBCore's JSON parser. Blank lines are skipped.
struct JSONLines {
    /// One object and the line it is on (counted from 1).
    struct Line {
        /// The line number, from 1.
        let number: Int
        /// The object, with field paths from the top level.
        let object: JSONObject<JSONFieldError>
    }

    /// The objects, in file order.
    let lines: [Line]

    /// The objects of `text`'s lines (`text` split at newlines), the contents of the file at
    /// `path` (for messages), whose first object, `first`, the caller has already parsed: the
    /// lines before it are blank, and it is not parsed again.
    ///
    /// - Throws: ``PlotError/badLine(path:line:reason:)`` at the first later line that is not a JSON object.
    init(lines text: [Substring], first: Line, path: String) throws(PlotError) {
        var lines = [first]
        for index in text.indices.dropFirst(first.number) {
            let line = text[index]
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            lines.append(Line(number: index + 1, object: try Self.object(line, number: index + 1, path: path)))
        }
        self.lines = lines
    }

    /// The object on one line.
    static func object(_ line: Substring, number: Int, path: String) throws(PlotError) -> JSONObject<JSONFieldError> {
        let value: JSONValue
        do {
            value = try JSONValue.parse(Data(line.utf8))
        } catch {
            throw .badLine(path: path, line: number, reason: "not a JSON object: \(error)")
        }
        guard case .object(let members) = value else {
            throw .badLine(path: path, line: number, reason: "not a JSON object but \(value.kind)")
        }
        return JSONObject(path: "", members: members)
    }

    /// `body`'s result for every line, its field errors reported with the line number.
    func map<Element>(path: String, _ body: (JSONObject<JSONFieldError>) throws(JSONFieldError) -> Element) throws(PlotError) -> [Element] {
        var elements: [Element] = []
        elements.reserveCapacity(lines.count)
        for line in lines {
            do {
                elements.append(try body(line.object))
            } catch {
                throw .badLine(path: path, line: line.number, reason: error.description)
            }
        }
        return elements
    }
}
