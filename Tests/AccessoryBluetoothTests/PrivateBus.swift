import Foundation
import Glibc

/// A D-Bus daemon of the test's own (`dbus-daemon --session --nofork`), so that no test touches
/// the machine's buses. Stopped when released.
final class PrivateBus: Sendable {
    /// Its address, for ``AccessoryBluetooth/BlueZBus/address(_:)``.
    let address: String
    private let daemon: Process

    static let daemonPath = "/usr/bin/dbus-daemon"

    /// Starts the daemon and reads the address it prints.
    ///
    /// - Throws: ``MockError`` if dbus-daemon is not installed or does not start.
    init() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.daemonPath) else {
            throw MockError("\(Self.daemonPath) is missing: install the dbus-daemon package (apt-get install dbus-daemon); CI installs it")
        }
        let output = Pipe()
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: Self.daemonPath)
        daemon.arguments = ["--session", "--nofork", "--print-address=1"]
        daemon.standardOutput = output
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        // The daemon prints its address as soon as it listens; end of file means it failed.
        var printed: [UInt8] = []
        while !printed.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw MockError("dbus-daemon exited before it printed its address") }
            printed += chunk
        }
        address = String(decoding: printed.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    deinit {
        stop(daemon)
    }
}

/// Why the test's bus or BlueZ mock could not be set up.
struct MockError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Ends a helper process with SIGKILL and reaps it. Not `terminate()`: a process started from the
/// test's threads inherits their blocked signals, SIGTERM among them, and would never end.
func stop(_ process: Process) {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
}
