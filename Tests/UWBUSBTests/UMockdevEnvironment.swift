import Foundation

/// Where the umockdev tests run: the outer test (plain `swift test`) starts this test binary
/// again with the umockdev preload, and the inner suite runs only in that child.
enum UMockdevEnvironment {
    /// Set to `1` in the child process; enables ``LibUSBUnderUMockdevTests``.
    static let childVariable = "SWIFT_UWB_UMOCKDEV_CHILD"
    /// The preload library's file name, as `LD_PRELOAD` takes it.
    static let preloadLibrary = "libumockdev-preload.so.0"

    /// Whether this process is the child started with the preload.
    static var isChild: Bool {
        ProcessInfo.processInfo.environment[childVariable] == "1"
    }

    /// The preload library's path, if the `umockdev` package is installed.
    static var preloadPath: String? {
        let directories = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib", "/usr/local/lib"]
        return directories.map { "\($0)/\(preloadLibrary)" }.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Whether the outer test can start the child.
    static var preloadInstalled: Bool { preloadPath != nil }
}
