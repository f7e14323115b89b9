import ArgumentParser

/// The `uwb` command: tools for people on top of the swift-uwb stack.
@main
struct UWBCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uwb",
        abstract: "Ultra-wideband ranging on Linux: DW1000 and DW3000 drivers, FiRa UCI, an emulator and ranging tools.",
        discussion: """
            swift-uwb brings NearbyInteraction-style distance and direction to Linux, on DW1000 and \
            DW3000-family boards attached over USB, on FiRa UCI devices, or on a software emulator of \
            the chips, the boards and the radio channel.
            """,
        version: UWBVersion.current,
        subcommands: [
            DemoCommand.self, EmulatorCommand.self, RangeCommand.self, LocateCommand.self, EmulateCommand.self, RegistersCommand.self, RadioCommand.self,
            DevicesCommand.self, SessionCommand.self, CalibrateCommand.self, PlotCommand.self, CaptureCommand.self, CirCommand.self,
            UCICommandGroup.self, AccessoryCommand.self, PhoneCommand.self,
        ]
    )
}
