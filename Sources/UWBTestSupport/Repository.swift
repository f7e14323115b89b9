import Foundation

/// Paths inside this repository, for tests that read the shipped data files.
public enum Repository {
    /// The repository root, found from this source file's path (Sources/UWBTestSupport/).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The absolute path of `relative` inside the repository.
    public static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// `Hardware/boards`, where the board descriptions are.
    public static let boardsDirectory = path("Hardware/boards")

    /// `Docs/scenarios`, where the example scenarios are.
    public static let scenariosDirectory = path("Docs/scenarios")
}
