import Foundation

/// The calibrations measured on this machine's boards, by board key, in one JSON file that the
/// radio loads at bring-up (format in `Docs/guides/calibration.md`).
///
/// A board's key is its radio's name: `usb:SERIAL` for a USB board (the FT232H's serial number),
/// `emulator:NAME` for a device of the emulator. `uwb calibrate` writes the store; opening a radio
/// (`DeviceChoice.open` in UWBDevices) reads it and brings the board up with its entry's values in
/// place of the board description's.
public struct CalibrationStore: Hashable, Sendable {
    /// The entries by board key.
    public var entries: [String: StoredCalibration]

    /// The environment variable naming the store file: `UWB_CALIBRATION`.
    public static let environmentVariable = "UWB_CALIBRATION"
    /// The store's format version, in its `format` key: 1.
    public static let formatVersion = 1

    private enum Key {
        static let format = "format"
        static let boards = "boards"
        static let board = "board"
        static let chips = "chips"
        static let txAntennaDelay = "txAntennaDelay"
        static let rxAntennaDelay = "rxAntennaDelay"
        static let phaseOffset = "phaseOffset"
    }

    /// A store with these entries (none by default).
    public init(entries: [String: StoredCalibration] = [:]) {
        self.entries = entries
    }

    /// The store file the environment names: `UWB_CALIBRATION` if set, else
    /// `calibration.json` in `$XDG_CONFIG_HOME/swift-uwb` or, without it, `~/.config/swift-uwb`;
    /// nil when neither the variable nor a home directory is set.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let path = environment[environmentVariable], !path.isEmpty { return path }
        let configuration: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            configuration = xdg
        } else if let home = environment["HOME"], !home.isEmpty {
            configuration = home + "/.config"
        } else {
            return nil
        }
        return configuration + "/swift-uwb/calibration.json"
    }

    /// The store in the file at `path`; an empty store if there is no such file.
    ///
    /// - Throws: ``CalibrationStoreError/cannotRead(path:reason:)`` if the file exists but cannot be
    ///   read, ``CalibrationStoreError/invalid(path:problem:)`` if it is not a store.
    public static func load(from path: String) throws(CalibrationStoreError) -> CalibrationStore {
        guard FileManager.default.fileExists(atPath: path) else { return CalibrationStore() }
        let data: Data
        do {
            data = try FileReadError.contents(ofFile: path)
        } catch {
            throw .cannotRead(path: path, reason: error.reason)
        }
        do {
            return try CalibrationStore(jsonData: data)
        } catch {
            throw .invalid(path: path, problem: error.description)
        }
    }

    /// Decodes a store from its JSON.
    ///
    /// - Throws: ``JSONFieldError`` naming the field of the first problem: bad JSON, an unknown or
    ///   missing key, a wrong type, another format version, an empty key or board id, a delay that
    ///   is not a whole number of ticks.
    public init(jsonData: Data) throws(JSONFieldError) {
        typealias Field = JSONField<JSONFieldError>
        let root = try Field(parsing: jsonData).object(required: [Key.format, Key.boards])
        let format = try root.field(Key.format)
        guard try format.integer() == Self.formatVersion else {
            throw format.failure(.unsupportedValue(value: JSONNumberText.text(try format.number()), allowed: ["\(Self.formatVersion)"]))
        }
        let boards = try root.field(Key.boards)
        guard case .object(let members) = boards.value else {
            throw boards.failure(.wrongType(expected: "an object", found: boards.value.kind))
        }
        var entries: [String: StoredCalibration] = [:]
        for (key, value) in members {
            let entry = try Field(path: JSONPath.member(key, of: boards.path), value: value).object(required: [Key.board, Key.chips])
            let boardID = try entry.field(Key.board).string()
            var chips: [StoredChipCalibration] = []
            for chip in try entry.field(Key.chips).array() {
                let object = try chip.object(required: [], optional: [Key.txAntennaDelay, Key.rxAntennaDelay, Key.phaseOffset])
                chips.append(StoredChipCalibration(
                    txAntennaDelay: try object.optionalField(Key.txAntennaDelay).map { field throws(JSONFieldError) in
                        DeviceDuration(ticks: Int64(try field.integer()))
                    },
                    rxAntennaDelay: try object.optionalField(Key.rxAntennaDelay).map { field throws(JSONFieldError) in
                        DeviceDuration(ticks: Int64(try field.integer()))
                    },
                    phaseOffset: try object.optionalField(Key.phaseOffset).map { field throws(JSONFieldError) in
                        Angle(radians: try field.number())
                    }))
            }
            entries[key] = StoredCalibration(boardID: boardID, chips: chips)
        }
        self.entries = entries
    }

    /// The store as JSON: keys sorted, two-space indented, delays in whole ticks, phases in radians.
    public func jsonData() -> Data {
        var lines = ["{", "  \"\(Key.format)\": \(Self.formatVersion),", "  \"\(Key.boards)\": {"]
        for (index, key) in entries.keys.sorted().enumerated() {
            guard let entry = entries[key] else { continue }
            lines.append("    \(JSONStringText.quoted(key)): {")
            lines.append("      \"\(Key.board)\": \(JSONStringText.quoted(entry.boardID)),")
            lines.append("      \"\(Key.chips)\": [")
            for (chipIndex, chip) in entry.chips.enumerated() {
                var fields: [String] = []
                if let delay = chip.txAntennaDelay { fields.append("\"\(Key.txAntennaDelay)\": \(delay.ticks)") }
                if let delay = chip.rxAntennaDelay { fields.append("\"\(Key.rxAntennaDelay)\": \(delay.ticks)") }
                if let phase = chip.phaseOffset { fields.append("\"\(Key.phaseOffset)\": \(JSONNumberText.text(phase.radians))") }
                lines.append("        { " + fields.joined(separator: ", ") + (fields.isEmpty ? "}" : " }")
                    + (chipIndex == entry.chips.count - 1 ? "" : ","))
            }
            lines.append("      ]")
            lines.append("    }" + (index == entries.count - 1 ? "" : ","))
        }
        lines += ["  }", "}", ""]
        return Data(lines.joined(separator: "\n").utf8)
    }

    /// Writes the store to `path` in one step (a reader never sees half a file), creating its
    /// directory if needed.
    ///
    /// - Throws: ``CalibrationStoreError/cannotWrite(path:reason:)``.
    public func save(to path: String) throws(CalibrationStoreError) {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try jsonData().write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(path: path, reason: readableReason(error))
        }
    }
}

extension CalibrationStore {
    /// The entry for `key` if it was measured as `board`, else an empty one for `board`: what a new
    /// calibration of that board starts from, so that it keeps the values it does not measure.
    public func entry(for key: String, board: BoardDescription) -> StoredCalibration {
        guard let entry = entries[key], entry.boardID == board.id, entry.chips.count == board.chips.count else {
            return StoredCalibration(for: board)
        }
        return entry
    }
}
