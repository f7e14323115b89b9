import ArgumentParser
import Foundation
import RegisterMapGenerator

/// The chips `uwb-regmap` generates register maps for.
enum Chip: String, ExpressibleByArgument, CaseIterable {
    /// The DW1000 (Hardware/dw1000/registers.json).
    case dw1000
    /// The DW3000 (Hardware/dw3000/registers.json).
    case dw3000

    /// The chip's address limits and paths.
    var layout: ChipLayout {
        switch self {
        case .dw1000: .dw1000
        case .dw3000: .dw3000
        }
    }
}

/// Generates a chip's register constants from its register-map JSON.
struct RegisterMapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uwb-regmap",
        abstract: "Generate a chip's Swift register map from its register-map JSON.",
        discussion: "DW1000: Hardware/dw1000/registers.json -> Sources/DW1000Driver/Registers/DW1000RegisterMap.generated.swift. "
            + "DW3000: Hardware/dw3000/registers.json -> Sources/DW3000Driver/Registers/DW3000RegisterMap.generated.swift."
    )

    @Option(help: "The chip whose map to generate: \(Chip.allCases.map(\.rawValue).joined(separator: " or ")).")
    var chip: Chip = .dw1000

    @Option(help: "The register-map JSON to read (default: the chip's, under Hardware/).")
    var input: String?

    @Option(help: "The Swift file to write (default: the chip's, under Sources/).")
    var output: String?

    @Flag(help: "Write nothing; exit non-zero if the output file is missing or differs from what would be generated.")
    var check = false

    func run() throws {
        let layout = chip.layout
        let inputPath = input ?? layout.jsonPath
        let outputPath = output ?? layout.outputPath
        guard let json = FileManager.default.contents(atPath: inputPath) else {
            throw RegisterMapToolError.unreadableInput(path: inputPath)
        }
        let map: RegisterMap
        do {
            map = try RegisterMap(json: json, layout: layout)
        } catch {
            throw RegisterMapToolError.invalidMap(path: inputPath, error: error)
        }
        let source = generateSwiftSource(for: map)
        if check {
            try checkUpToDate(source, input: inputPath, output: outputPath)
        } else {
            try write(source, to: outputPath)
        }
    }

    private func checkUpToDate(_ source: String, input: String, output: String) throws {
        let current = FileManager.default.contents(atPath: output).flatMap { String(data: $0, encoding: .utf8) }
        guard current == source else {
            let message = "\(output) is stale: it does not match \(input). "
                + "Run `swift run uwb-regmap --chip \(chip.rawValue)` and commit the result.\n"
            FileHandle.standardError.write(Data(message.utf8))
            throw ExitCode.failure
        }
        print("\(output) is up to date.")
    }

    private func write(_ source: String, to output: String) throws {
        do {
            try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw RegisterMapToolError.unwritableOutput(path: output, reason: error.localizedDescription)
        }
        print("Wrote \(output).")
    }
}

RegisterMapCommand.main()
