import ArgumentParser

/// `uwb cir`: a device's channel impulse response read (`uwb cir read`, the default, so `uwb cir --scenario …`
/// reads), or the first path found in logged ones (`uwb cir detect FILE`) (`Docs/cir.md`).
struct CirCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cir",
        abstract: "Read a device's channel impulse response (CIR), or find the first path in logged ones.",
        discussion: """
            `uwb cir [read] …` prints or saves a device's last CIR, from a scenario run or a live radio; \
            `uwb cir detect FILE` finds the first path in logged accumulators as the chip does. See Docs/cir.md.
            """,
        subcommands: [CirReadCommand.self, CirDetectCommand.self],
        defaultSubcommand: CirReadCommand.self)
}
