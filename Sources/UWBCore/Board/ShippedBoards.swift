/// The board descriptions the project ships (`Hardware/boards/*.json`), compiled into the program
/// as SwiftPM resources (`.embedInCode`, linked from `Sources/UWBCore/Board/Shipped/`), so that
/// every program finds them with no file to look for: an installed `uwb`, an app built outside a
/// checkout, a test. Decision 0017. `ShippedBoardTests` checks that this table, the links and
/// `Package.swift` list exactly the files of `Hardware/boards`.
enum ShippedBoards {
    /// Each shipped board's JSON, by id.
    static let files: [String: [UInt8]] = [
        "ft232h-dw1000-single": PackageResources.ft232h_dw1000_single_json,
        "ft232h-dw1000-dual": PackageResources.ft232h_dw1000_dual_json,
        "ft232h-dw1000-triple": PackageResources.ft232h_dw1000_triple_json,
        "ft232h-dwm3000-single": PackageResources.ft232h_dwm3000_single_json,
        "ft232h-dw3220-pdoa": PackageResources.ft232h_dw3220_pdoa_json,
    ]

    /// Where a shipped board's file lives in the repository, for messages.
    static func origin(of id: String) -> String {
        "Hardware/boards/\(id).json (built in)"
    }
}
