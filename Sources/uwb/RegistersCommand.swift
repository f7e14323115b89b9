import ArgumentParser
import DW1000

/// `uwb registers`: prints the DW1000 register map the driver and the emulator share.
struct RegistersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "registers",
        abstract: "List the DW1000 registers (from Hardware/dw1000/registers.json).")

    @Option(name: .shortAndLong, help: "Show only registers whose name contains this text (case-insensitive).")
    var filter: String?

    func run() {
        let needle = filter?.uppercased()
        for register in Register.all where needle.map(register.name.contains) ?? true {
            print("\(register)  UM §\(register.section)")
        }
    }
}
