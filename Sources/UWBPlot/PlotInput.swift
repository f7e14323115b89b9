import Foundation
import UWBCore
import UWBEmulator

/// A file `uwb plot` reads, of the kind its content shows, parsed.
public enum PlotInput: Sendable {
    /// Distances from `uwb range` or `uwb demo` JSON lines; `kind` says which.
    case distances(kind: PlotInputKind, samples: [DistanceSample])
    /// Positions from `uwb locate` JSON lines.
    case positions([PositionSample])
    /// Phase differences from `uwb calibrate pdoa --samples`.
    case pdoa([PDoASample])
    /// The frames of a pcapng trace.
    case trace([TraceRecord])
    /// A scenario.
    case scenario(Scenario)
    /// A channel impulse response from `uwb cir --format json`.
    case impulseResponse(CIRDocument)

    /// The first four octets of a pcapng file: the Section Header Block's type (draft-ietf-opsawg-pcapng §4.1).
    static let pcapngMagic: [UInt8] = [0x0A, 0x0D, 0x0D, 0x0A]

    /// The top-level key that only a scenario has (`Docs/scenarios.md`).
    static let scenarioMarkerKey = "devices"

    /// The file at `path`, its kind detected from its content: the pcapng magic, else the first
    /// JSON line's `kind` marker (`uwb cir`) or keys, else a whole JSON document with `devices` (a
    /// scenario) or the `uwb cir` marker (a document laid out over many lines).
    ///
    /// - Throws: ``PlotError`` naming the file, the line and the problem.
    public static func load(_ path: String, boardSearchPaths: [String] = BoardCatalog.defaultSearchPaths) throws(PlotError) -> PlotInput {
        let data: Data
        do {
            data = try FileReadError.contents(ofFile: path)
        } catch {
            throw .cannotRead(error)
        }
        return try parse(data, path: path, boardSearchPaths: boardSearchPaths)
    }

    /// The content `data` of the file at `path` (for messages), as ``load(_:boardSearchPaths:)`` reads it.
    public static func parse(_ data: Data, path: String, boardSearchPaths: [String] = BoardCatalog.defaultSearchPaths) throws(PlotError) -> PlotInput {
        if data.starts(with: pcapngMagic) {
            do {
                return .trace(try PcapngReader(bytes: Array(data)).records)
            } catch {
                throw .trace(path: path, error: error)
            }
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unknownKind(path: path, line: 1, reason: "neither text (UTF-8) nor a pcapng trace")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let firstIndex = lines.firstIndex(where: { !$0.allSatisfy(\.isWhitespace) }) else {
            throw .empty(path: path)
        }
        let firstObject: JSONObject<JSONFieldError>
        do {
            firstObject = try JSONLines.object(lines[firstIndex], number: firstIndex + 1, path: path)
        } catch {
            // Not a JSON object on one line: a scenario spans many lines, so try the whole file.
            if case .object(let members)? = try? JSONValue.parse(data) {
                if members[scenarioMarkerKey] != nil {
                    return try scenario(data, parsed: .object(members), path: path, boardSearchPaths: boardSearchPaths)
                }
                if isImpulseResponse(members) {
                    return try readImpulseResponse(JSONObject(path: "", members: members), line: firstIndex + 1, path: path)
                }
            }
            throw error
        }
        if isImpulseResponse(firstObject.members) {
            if let extra = lines[(firstIndex + 1)...].firstIndex(where: { !$0.allSatisfy(\.isWhitespace) }) {
                throw .badLine(
                    path: path, line: extra + 1,
                    reason: "a `uwb cir --format json` document is one JSON object, but more follows it; give one response per file")
            }
            return try readImpulseResponse(firstObject, line: firstIndex + 1, path: path)
        }
        let keys = Set(firstObject.members.keys)
        if keys.contains(scenarioMarkerKey) {
            // A scenario on one line is that line's object; with more lines after it, the whole
            // file is read again, to report what is wrong with it.
            let onlyLine = lines[(firstIndex + 1)...].allSatisfy { $0.allSatisfy(\.isWhitespace) }
            return try scenario(
                data, parsed: onlyLine ? .object(firstObject.members) : nil, path: path, boardSearchPaths: boardSearchPaths)
        }
        guard let kind = PlotInputKind.jsonLineKind(keys: keys) else {
            throw .unknownKind(
                path: path, line: firstIndex + 1,
                reason: "a JSON object with keys \(keys.sorted().joined(separator: ", ")), of no kind `uwb plot` reads")
        }
        let all = try JSONLines(lines: lines, first: JSONLines.Line(number: firstIndex + 1, object: firstObject), path: path)
        switch kind {
        case .rangeLines, .demoLines:
            let keys: DistanceLineKeys = kind == .rangeLines ? .range : .demo
            return .distances(kind: kind, samples: try all.map(path: path) { line throws(JSONFieldError) in
                try DistanceReading.distanceSample(line, keys: keys)
            })
        case .pdoaSamples:
            return .pdoa(try all.map(path: path, DistanceReading.pdoaSample))
        case .locateLines:
            return .positions(try all.map(path: path, DistanceReading.positionSample))
        case .trace, .scenario, .impulseResponse:
            throw .unknownKind(path: path, line: firstIndex + 1, reason: "not JSON lines")
        }
    }

    /// Whether an object's ``CIRDocumentKey/kind`` marks it as `uwb cir` output.
    private static func isImpulseResponse(_ members: [String: JSONValue]) -> Bool {
        members[CIRDocumentKey.kind] == .string(CIRDocumentKey.kindValue)
    }

    /// The `uwb cir` document `object`, which starts on line `line` of the file at `path`.
    private static func readImpulseResponse(_ object: JSONObject<JSONFieldError>, line: Int, path: String) throws(PlotError) -> PlotInput {
        do {
            return .impulseResponse(try CIRDocument(json: object))
        } catch {
            throw .badLine(path: path, line: line, reason: error.description)
        }
    }

    /// The scenario in `data`, from the document `parsed` from it when the caller has one.
    private static func scenario(_ data: Data, parsed: JSONValue?, path: String, boardSearchPaths: [String]) throws(PlotError) -> PlotInput {
        do {
            if let parsed {
                return .scenario(try Scenario(json: parsed, boardSearchPaths: boardSearchPaths))
            }
            return .scenario(try Scenario(jsonData: data, boardSearchPaths: boardSearchPaths))
        } catch {
            throw .scenario(.inFile(path: path, error: error))
        }
    }

    /// The kind of this input.
    public var kind: PlotInputKind {
        switch self {
        case .distances(let kind, _): kind
        case .positions: .locateLines
        case .pdoa: .pdoaSamples
        case .trace: .trace
        case .scenario: .scenario
        case .impulseResponse: .impulseResponse
        }
    }
}
