import Foundation

/// The package's built executables, for tests that run them as separate processes.
public enum BuiltExecutable {
    /// The executable `name` (for example `uwb`) from the build directory the running test bundle
    /// sits in, or nil if it was not built.
    public static func path(named name: String) -> String? {
        let bundle = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
        var directory = bundle.deletingLastPathComponent()
        while directory.pathComponents.count > 2 {
            let candidate = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }
}
