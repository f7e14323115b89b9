import UWBCore

/// Resolves the board ids of a scenario's devices through ``BoardCatalog``, loading each board
/// file once.
struct ScenarioBoards {
    /// The directories searched, in order.
    let searchPaths: [String]
    private var loaded: [String: BoardDescription] = [:]

    /// A resolver searching `searchPaths`.
    init(searchPaths: [String]) {
        self.searchPaths = searchPaths
    }

    /// The board named by the string at `field`.
    ///
    /// - Throws: ``ScenarioError/board(field:error:)`` if the id is unknown or its file is invalid.
    mutating func board(at field: ScenarioField) throws(ScenarioError) -> BoardDescription {
        let id = try field.string()
        if let board = loaded[id] { return board }
        do {
            let board = try BoardCatalog.board(named: id, searchPaths: searchPaths)
            loaded[id] = board
            return board
        } catch {
            throw .board(field: field.path, error: error)
        }
    }
}
