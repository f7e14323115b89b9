import ArgumentParser

/// `uwb uci`: the FiRa UCI interface to the emulator.
struct UCICommandGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uci",
        abstract: "FiRa UCI: serve a scenario's room to UCI hosts (Android's UWB stack, pica clients).",
        subcommands: [UCIServeCommand.self])
}
