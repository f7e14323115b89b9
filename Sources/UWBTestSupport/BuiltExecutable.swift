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

extension BuiltExecutable {
    /// Starts the built `uwb` with `arguments` and `environment` over the test's own environment
    /// (a nil value removes the variable); its standard output and error go to the returned pipe.
    /// It finds the shipped boards by itself.
    ///
    /// - Throws: ``BuiltExecutableError/notBuilt(_:)`` if `uwb` was not built, or the launch's error.
    public static func startUWB(_ arguments: [String], environment: [String: String?] = [:]) throws -> (process: Process, output: Pipe) {
        guard let path = path(named: "uwb") else { throw BuiltExecutableError.notBuilt("uwb") }
        return try start(URL(fileURLWithPath: path), arguments: arguments, environment: environment)
    }

    /// Starts `executable` with `arguments`, `environment` over the test's own (a nil value
    /// removes the variable) and, if given, `directory` as its current directory; its standard
    /// output and error go to the returned pipe.
    ///
    /// - Throws: the launch's error.
    public static func start(
        _ executable: URL, arguments: [String], environment: [String: String?] = [:], in directory: URL? = nil
    ) throws -> (process: Process, output: Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory {
            process.currentDirectoryURL = directory
        }
        var merged = ProcessInfo.processInfo.environment
        for (name, value) in environment {
            merged[name] = value
        }
        process.environment = merged
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        return (process, output)
    }
}

/// Why a built executable could not be started.
public enum BuiltExecutableError: Error, CustomStringConvertible {
    /// The executable was not built: build the tests with `swift build --build-tests`.
    case notBuilt(String)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .notBuilt(let name): "no \(name) executable was built; run `swift build --build-tests` first"
        }
    }
}
