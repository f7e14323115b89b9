import ArgumentParser
import DW1000RegisterMapGenerator
import Foundation

/// Generates the DW1000 register constants from the register-map JSON.
struct RegisterMapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dw1000-regmap",
        abstract: "Generate Sources/DW1000Driver/Registers/RegisterMap.generated.swift from the register-map JSON."
    )

    @Option(help: "The register-map JSON to read.")
    var input = "Hardware/dw1000/registers.json"

    @Option(help: "The Swift file to write.")
    var output = "Sources/DW1000Driver/Registers/RegisterMap.generated.swift"

    @Flag(help: "Write nothing; exit non-zero if the output file is missing or differs from what would be generated.")
    var check = false

    func run() throws {
        guard let json = FileManager.default.contents(atPath: input) else {
            throw RegisterMapToolError.unreadableInput(path: input)
        }
        let map: RegisterMap
        do {
            map = try RegisterMap(json: json)
        } catch {
            throw RegisterMapToolError.invalidMap(path: input, error: error)
        }
        let source = generateSwiftSource(for: map)
        if check {
            try checkUpToDate(source)
        } else {
            try write(source)
        }
    }

    private func checkUpToDate(_ source: String) throws {
        let current = FileManager.default.contents(atPath: output).flatMap { String(data: $0, encoding: .utf8) }
        guard current == source else {
            let message = "\(output) is stale: it does not match \(input). "
                + "Run `swift run dw1000-regmap` and commit the result.\n"
            FileHandle.standardError.write(Data(message.utf8))
            throw ExitCode.failure
        }
        print("\(output) is up to date.")
    }

    private func write(_ source: String) throws {
        do {
            try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw RegisterMapToolError.unwritableOutput(path: output, reason: error.localizedDescription)
        }
        print("Wrote \(output).")
    }
}

RegisterMapCommand.main()
