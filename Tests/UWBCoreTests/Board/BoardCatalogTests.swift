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
        let error = #expect(throws: BoardDescriptionError.self) { try BoardCatalog.builtInBoardIDs(in: "/nonexistent/boards") }
        #expect(error?.description.hasPrefix("cannot read /nonexistent/boards: ") == true)
    }

    @Test("default search paths: UWB_BOARDS_DIR first, then the current directory, then the executable's ancestors")
    func defaultSearchPaths() throws {
        let variable = BoardCatalog.directoryEnvironmentVariable
        let saved = ProcessInfo.processInfo.environment[variable]
        defer {
            if let saved { setenv(variable, saved, 1) } else { unsetenv(variable) }
        }

        unsetenv(variable)
        let plain = BoardCatalog.defaultSearchPaths
        let currentDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent("Hardware/boards").path
        #expect(plain.first == currentDirectory)
        #expect(Set(plain).count == plain.count)
        // `swift test` runs from the package's .build directory, so an ancestor is the repository.
        #expect(plain.contains(BoardFixtures.boardsDirectory))
        #expect(try BoardCatalog.board(named: "ft232h-dw1000-single", searchPaths: plain).id == "ft232h-dw1000-single")

        setenv(variable, "/custom/boards", 1)
        let custom = BoardCatalog.defaultSearchPaths
        #expect(custom.first == "/custom/boards")
        #expect(Array(custom.dropFirst()) == plain)
    }
}
