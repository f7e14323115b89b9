import Foundation

/// Finds board descriptions by id: the boards the project ships, built into the program, and
/// your own boards in directories.
///
/// The shipped boards (`Hardware/boards/*.json`) are compiled in (``shippedBoardIDs``), so every
/// program finds them wherever it runs and from wherever it is started. A board of your own is a
/// file `<id>.json` in a directory you name with `UWB_BOARDS_DIR` (``defaultSearchPaths``) or pass
/// as a search path; a file there with a shipped board's id replaces the shipped board.
public enum BoardCatalog {
    /// The environment variable naming a directory of your own boards, searched before the
    /// shipped ones.
    public static let directoryEnvironmentVariable = "UWB_BOARDS_DIR"

    /// The directories searched before the shipped boards: the one `UWB_BOARDS_DIR` names, if it
    /// is set and not empty; none otherwise.
    public static var defaultSearchPaths: [String] {
        guard let custom = ProcessInfo.processInfo.environment[directoryEnvironmentVariable], !custom.isEmpty else { return [] }
        return [custom]
    }

    /// The ids of the boards built into the program, sorted.
    public static var shippedBoardIDs: [String] {
        ShippedBoards.files.keys.sorted()
    }

    /// The ids of the board files in `directory`: the names of its `.json` files without the
    /// extension, sorted. The files are not decoded.
    ///
    /// - Throws: ``BoardDescriptionError/cannotRead(path:reason:)`` if the directory cannot be listed.
    public static func boardIDs(in directory: String) throws(BoardDescriptionError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw .cannotRead(path: directory, reason: readableReason(error))
        }
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .map { String($0.dropLast(".json".count)) }
            .sorted()
    }

    /// The ids of every board `searchPaths` and the program hold, sorted, without duplicates.
    /// Directories that cannot be listed are skipped.
    public static func availableBoardIDs(searchPaths: [String]) -> [String] {
        var ids = Set(shippedBoardIDs)
        for directory in searchPaths {
            if let found = try? boardIDs(in: directory) {
                ids.formUnion(found)
            }
        }
        return ids.sorted()
    }

    /// Loads board `id` from the first search path that has `<id>.json`, else from the shipped
    /// boards.
    ///
    /// - Throws: ``BoardDescriptionError/invalidIdentifier(field:value:)`` if `id` is not a
    ///   kebab-case board id; ``BoardDescriptionError/unknownBoard(id:available:searched:)``
    ///   listing the boards there are and the paths searched if none has it; any error of
    ///   ``BoardDescription/load(from:)`` if the file is there but wrong, naming the file.
    public static func board(named id: String, searchPaths: [String]) throws(BoardDescriptionError) -> BoardDescription {
        try BoardDescription.validateIdentifier(id, field: "board id")
        for directory in searchPaths {
            let path = URL(fileURLWithPath: directory, isDirectory: true).appendingPathComponent("\(id).json").path
            if FileManager.default.fileExists(atPath: path) {
                return try BoardDescription.load(from: path)
            }
        }
        if let shipped = try shippedBoard(named: id) {
            return shipped
        }
        throw .unknownBoard(id: id, available: availableBoardIDs(searchPaths: searchPaths), searched: searchPaths)
    }

    /// The shipped board `id`, or nil if the program has none of that id.
    ///
    /// - Throws: ``BoardDescriptionError/inFile(path:error:)`` if the built-in file is wrong
    ///   (`ShippedBoardTests` keeps that from happening).
    private static func shippedBoard(named id: String) throws(BoardDescriptionError) -> BoardDescription? {
        guard let octets = ShippedBoards.files[id] else { return nil }
        do throws(BoardDescriptionError) {
            let board = try BoardDescription(jsonData: Data(octets))
            guard board.id == id else { throw .idMismatch(id: board.id, fileName: id) }
            return board
        } catch {
            throw .inFile(path: ShippedBoards.origin(of: id), error: error)
        }
    }
}
