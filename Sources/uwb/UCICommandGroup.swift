import ArgumentParser

/// `uwb uci`: FiRa UCI: the emulator as UCI devices, and UCI devices as they describe themselves.
struct UCICommandGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uci",
        abstract: "FiRa UCI: serve a scenario's room to UCI hosts, and look at UCI devices.",
        subcommands: [UCIServeCommand.self, UCIInfoCommand.self])
}
