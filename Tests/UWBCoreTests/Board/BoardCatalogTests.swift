import Foundation
import Testing
import UWBCore

/// Finding boards by id in search paths.
@Suite("Board catalog", .serialized)
struct BoardCatalogTests {
    @Test("a shipped board is found by id")
    func findsShippedBoard() throws {
        let board = try BoardCatalog.board(named: "ft232h-dw1000-dual", searchPaths: ["/nonexistent", BoardFixtures.boardsDirectory])
        #expect(board.id == "ft232h-dw1000-dual")
        #expect(board.coherentReceivers == 2)
    }

    @Test("an unknown id lists the boards found and the paths searched")
    func unknownBoard() throws {
        let paths = ["/nonexistent/boards", BoardFixtures.boardsDirectory]
        let error = #expect(throws: BoardDescriptionError.self) {
            try BoardCatalog.board(named: "ft232h-dw1000-quad", searchPaths: paths)
        }
        #expect(error == .unknownBoard(id: "ft232h-dw1000-quad", available: BoardFixtures.shippedIDs, searched: paths))
        let description = try #require(error?.description)
        #expect(description.contains("ft232h-dw1000-dual, ft232h-dw1000-single, ft232h-dw1000-triple"))
        #expect(description.contains("/nonexistent/boards, \(BoardFixtures.boardsDirectory)"))
    }

    @Test("an id that could escape the boards directory is rejected", arguments: ["../secret", "a/b", "Single", ""])
    func invalidID(id: String) {
        let error = #expect(throws: BoardDescriptionError.self) {
            try BoardCatalog.board(named: id, searchPaths: [BoardFixtures.boardsDirectory])
        }
        #expect(error?.field == "board id")
    }

    @Test("listing a directory that does not exist says so")
    func missingDirectory() {
        let error = #expect(throws: BoardDescriptionError.self) { try BoardCatalog.boardIDs(in: "/nonexistent/boards") }
        #expect(error?.description.hasPrefix("cannot read /nonexistent/boards: ") == true)
    }

    @Test("default search paths: only UWB_BOARDS_DIR; the shipped boards need no path")
    func defaultSearchPaths() throws {
        let variable = BoardCatalog.directoryEnvironmentVariable
        let saved = ProcessInfo.processInfo.environment[variable]
        defer {
            if let saved { setenv(variable, saved, 1) } else { unsetenv(variable) }
        }
        unsetenv(variable)
        #expect(BoardCatalog.defaultSearchPaths.isEmpty)
        #expect(try BoardCatalog.board(named: "ft232h-dw1000-single", searchPaths: []).id == "ft232h-dw1000-single")
        setenv(variable, "", 1)
        #expect(BoardCatalog.defaultSearchPaths.isEmpty)
        setenv(variable, "/custom/boards", 1)
        #expect(BoardCatalog.defaultSearchPaths == ["/custom/boards"])
    }

    @Test("the shipped boards are built in: found with no search path, the same as their files")
    func shippedBoardsAreBuiltIn() throws {
        #expect(BoardCatalog.shippedBoardIDs == BoardFixtures.shippedIDs)
        for id in BoardFixtures.shippedIDs {
            #expect(try BoardCatalog.board(named: id, searchPaths: []) == BoardDescription.load(from: BoardFixtures.path(of: id)))
        }
        #expect(BoardCatalog.availableBoardIDs(searchPaths: ["/nonexistent"]) == BoardFixtures.shippedIDs)
    }

    @Test("a board of your own in a search path replaces the shipped board of its id, and its errors name its file")
    func ownBoardFirst() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swift-uwb-boards-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let renamed = try BoardFixtures.edited("ft232h-dw1000-single", [.key("name")], to: "my bench board")
        let file = directory.appendingPathComponent("ft232h-dw1000-single.json")
        try renamed.write(to: file)
        #expect(try BoardCatalog.board(named: "ft232h-dw1000-single", searchPaths: [directory.path]).name == "my bench board")

        try BoardFixtures.edited("ft232h-dw1000-single", [.key("spi"), .key("mode")], to: 3).write(to: file)
        let error = #expect(throws: BoardDescriptionError.self) {
            try BoardCatalog.board(named: "ft232h-dw1000-single", searchPaths: [directory.path])
        }
        #expect(error?.description.hasPrefix(file.path) == true, "\(String(describing: error))")
        #expect(error?.field == "spi.mode")
    }
}
