import ArgumentParser

/// `uwb emulator`: the emulator as a service shared by processes.
struct EmulatorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emulator",
        abstract: "Run the emulator as a service that apps in other processes attach to, and watch its room.",
        subcommands: [EmulatorServeCommand.self, EmulatorWatchCommand.self])
}
