import Foundation
import RegisterMapGenerator
import Testing
import UWBTestSupport

/// The checked-in DW3000 register map must be exactly what the generator makes from the checked-in JSON.
@Suite struct DW3000RegisterMapDriftTests {
    @Test func generatedFileMatchesJSON() throws {
        let layout = ChipLayout.dw3000
        let json = try Data(contentsOf: Repository.root.appendingPathComponent(layout.jsonPath))
        let checkedIn = try String(contentsOf: Repository.root.appendingPathComponent(layout.outputPath), encoding: .utf8)
        #expect(
            checkedIn == generateSwiftSource(for: try RegisterMap(json: json, layout: layout)),
            "\(layout.outputPath) is stale: run `swift run uwb-regmap --chip dw3000` from the package root and commit the result."
        )
    }
}
