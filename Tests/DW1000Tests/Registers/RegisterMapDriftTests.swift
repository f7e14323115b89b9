import RegisterMapGenerator
import Foundation
import Testing
import UWBTestSupport

/// The checked-in generated Swift must be exactly what the generator makes from the checked-in JSON.
@Suite struct RegisterMapDriftTests {
    /// The package root.
    private static let packageRoot = Repository.root

    @Test func generatedFileMatchesJSON() throws {
        let json = try Data(contentsOf: Self.packageRoot.appendingPathComponent("Hardware/dw1000/registers.json"))
        let generatedPath = "Sources/DW1000Driver/Registers/DW1000RegisterMap.generated.swift"
        let checkedIn = try String(
            contentsOf: Self.packageRoot.appendingPathComponent(generatedPath),
            encoding: .utf8
        )
        let expected = generateSwiftSource(for: try RegisterMap(json: json, layout: .dw1000))
        #expect(
            checkedIn == expected,
            "\(generatedPath) is stale: run `swift run uwb-regmap --chip dw1000` from the package root and commit the result."
        )
    }

    @Test func generationIsDeterministic() throws {
        let json = try Data(contentsOf: Self.packageRoot.appendingPathComponent("Hardware/dw1000/registers.json"))
        let map = try RegisterMap(json: json, layout: .dw1000)
        #expect(generateSwiftSource(for: map) == generateSwiftSource(for: try RegisterMap(json: json, layout: .dw1000)))
    }
}
