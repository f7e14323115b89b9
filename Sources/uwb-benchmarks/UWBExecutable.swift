import Foundation

/// Where the `uwb` executable the service benchmark runs is: given, or beside this executable
/// (one build directory builds both).
enum UWBExecutable {
    /// `override` if given, else `uwb` in this executable's directory; checked to be executable.
    ///
    /// - Throws: ``ServiceBenchmarkError/missingExecutable(path:)`` if there is no executable there.
    static func locate(override: String?) throws(ServiceBenchmarkError) -> String {
        let path: String
        if let override {
            path = URL(fileURLWithPath: override).standardizedFileURL.path
        } else {
            let own = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "uwb-benchmarks")
            path = own.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("uwb").path
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              FileManager.default.isExecutableFile(atPath: path)
        else { throw .missingExecutable(path: path) }
        return path
    }
}
