import Foundation

/// `uwb capture --install-extcap`: writes the small program Wireshark runs as its extcap, a shell
/// script that runs this `uwb` executable's `capture` with Wireshark's arguments.
///
/// Wireshark runs every executable in its extcap directories. The personal one is
/// `$XDG_CONFIG_HOME/wireshark/extcap` (`~/.config/wireshark/extcap`) up to Wireshark 4.0 — checked
/// here with Debian 12's 4.0.17, whose `tshark -D` lists a script put there — and
/// `~/.local/lib/wireshark/extcap` from Wireshark 4.2 on (Help › About › Folders, "Personal Extcap
/// path"); ``defaultDirectory`` is the one for the Wireshark installed here, and `--extcap-directory`
/// chooses another. The script is generated, not shipped, because it must hold the absolute path
/// of the `uwb` that installed it (Wireshark starts extcaps with no working directory of ours, and
/// `uwb` finds the board descriptions from its own path).
enum ExtcapInstall {
    /// The script's file name in the extcap directory.
    static let scriptName = "swift-uwb-capture"

    /// The personal extcap directory of Wireshark 4.0 and earlier: `$XDG_CONFIG_HOME/wireshark/extcap`,
    /// else `~/.config/wireshark/extcap`.
    static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        return config + "/wireshark/extcap"
    }

    /// The script for the `uwb` executable at `executable`.
    static func script(executable: String) -> String {
        """
        #!/bin/sh
        # Wireshark extcap for swift-uwb, written by `uwb capture --install-extcap` (Docs/capture.md).
        # It runs that uwb's capture with Wireshark's arguments; run the command again after moving uwb.
        exec \(shellQuoted(executable)) capture "$@"

        """
    }

    /// Writes the script into `directory` (created if missing), executable, and returns its path.
    ///
    /// - Throws: `CommandFailure` saying what could not be written and what to do.
    static func install(into directory: String) throws -> String {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let path = directory + "/" + scriptName
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(script(executable: executable).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        } catch {
            throw CommandFailure(
                "cannot install the Wireshark extcap at \(path): \((error as NSError).localizedDescription); "
                    + "give --extcap-directory a directory you may write to")
        }
        return path
    }

    /// `text` in single quotes for the shell, each `'` in it written as `'\''`.
    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
