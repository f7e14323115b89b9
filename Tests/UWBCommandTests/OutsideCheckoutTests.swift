import Foundation
import Testing
import UWBTestSupport

/// `uwb` installed away from the repository, started from a directory that is not a checkout,
/// with no `UWB_BOARDS_DIR`: it still has the shipped boards and scenarios (they are built in).
@Suite(.timeLimit(.minutes(10))) struct OutsideCheckoutTests {
    @Test func anInstalledUWBFindsTheShippedBoards() throws {
        let built = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let place = FileManager.default.temporaryDirectory.appendingPathComponent("swift-uwb-installed-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: place) }
        let installed = place.appendingPathComponent("uwb")
        try FileManager.default.copyItem(atPath: built, toPath: installed.path)
        // The scenario names its boards by id only; it is the only file taken from the checkout.
        let scenario = place.appendingPathComponent("room.json")
        try FileManager.default.copyItem(atPath: Repository.path("Docs/scenarios/two-devices-3m.json"), toPath: scenario.path)

        let (process, output) = try BuiltExecutable.start(
            installed, arguments: ["demo", "--scenario", "room.json", "--duration", "1", "--format", "jsonl", "--speed", "0"],
            environment: ["UWB_BOARDS_DIR": nil], in: place)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("\"distance\""), "\(text)")
    }

    @Test("uwb demo with its default scenario, and --scenario NAME, from a folder that is not a checkout",
          arguments: [[], ["--scenario", "two-devices-3m"]])
    func shippedScenarios(scenario: [String]) throws {
        let built = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let place = FileManager.default.temporaryDirectory.appendingPathComponent("swift-uwb-elsewhere-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: place) }
        let (process, output) = try BuiltExecutable.start(
            URL(fileURLWithPath: built), arguments: ["demo", "--duration", "1", "--format", "jsonl", "--speed", "0"] + scenario,
            environment: ["UWB_BOARDS_DIR": nil], in: place)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("\"distance\""), "\(text)")
    }
}
