import Foundation

/// Finds board description files by id.
///
/// A board's file is `<id>.json` in a boards directory. The repository ships its boards in
/// `Hardware/boards/`; ``defaultSearchPaths`` finds that directory from the usual places a
/// program runs in, and `UWB_BOARDS_DIR` adds one of your own in front.
public enum BoardCatalog {
    /// The environment variable naming an extra boards directory, searched first.
    public static let directoryEnvironmentVariable = "UWB_BOARDS_DIR"

    /// Where boards are looked for, in order, without duplicates:
    /// 1. the directory in `UWB_BOARDS_DIR`, if it is set and not empty;
    /// 2. `Hardware/boards` under the current directory;
    /// 3. `Hardware/boards` in the running executable's directory and each of its ancestors,
    ///    so that `.build/debug/uwb` finds the repository's boards from anywhere.
    public static var defaultSearchPaths: [String] {
        var paths: [String] = []
        if let custom = ProcessInfo.processInfo.environment[directoryEnvironmentVariable], !custom.isEmpty {
            paths.append(custom)
        }
        let boardsSubpath = "Hardware/boards"
        let currentDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        paths.append(currentDirectory.appendingPathComponent(boardsSubpath).path)
        if let executable = Bundle.main.executablePath {
            var directory = URL(fileURLWithPath: executable).deletingLastPathComponent().standardizedFileURL
            while true {
                paths.append(directory.appendingPathComponent(boardsSubpath).path)
                let parent = directory.deletingLastPathComponent().standardizedFileURL
                guard parent.path != directory.path else { break }
                directory = parent
            }
        }
        var seen: Set<String> = []
        return paths.filter { seen.insert($0).inserted }
    }

    /// The ids of the board files in `directory`: the names of its `.json` files without the
    /// extension, sorted. The files are not decoded.
    ///
    /// - Throws: ``BoardDescriptionError/cannotRead(path:reason:)`` if the directory cannot be listed.
    public static func builtInBoardIDs(in directory: String) throws(BoardDescriptionError) -> [String] {
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

    /// Loads board `id` from the first search path that has `<id>.json`.
    ///
    /// - Throws: ``BoardDescriptionError/invalidIdentifier(field:value:)`` if `id` is not a
    ///   kebab-case board id; ``BoardDescriptionError/unknownBoard(id:available:searched:)``
    ///   listing the boards found and the paths searched if no path has it; any error of
    ///   ``BoardDescription/load(from:)`` if the file is there but wrong.
    public static func board(named id: String, searchPaths: [String]) throws(BoardDescriptionError) -> BoardDescription {
        try BoardDescription.validateIdentifier(id, field: "board id")
        var available: Set<String> = []
        for directory in searchPaths {
            let path = URL(fileURLWithPath: directory, isDirectory: true).appendingPathComponent("\(id).json").path
            if FileManager.default.fileExists(atPath: path) {
                return try BoardDescription.load(from: path)
            }
            if let ids = try? builtInBoardIDs(in: directory) {
                available.formUnion(ids)
            }
        }
        throw .unknownBoard(id: id, available: available.sorted(), searched: searchPaths)
    }
}
