import Foundation
import Testing
import UWBTestSupport

/// Every shipped scenario runs with `uwb range`, `uwb demo` and `uwb emulate` and their default
/// options (only a short `--duration`), a positioning site with `uwb locate` and `uwb emulate`;
/// where a default does not fit, the tool says what it chose.
@Suite("Shipped scenarios run with the default options")
struct ShippedScenarioDefaultsTests {
    /// The positioning sites in `Docs/scenarios`: anchors and listening tags, which sessions
    /// between every pair (`uwb demo`, `uwb range`) do not suit.
    static let positioningSites = ["office-dl-tdoa", "thousand-tags", "warehouse"]

    /// Worlds whose devices are fitted for bands apart (`radio` of their own): ranging needs clusters of one radio.
    static let bandedSites = ["hall-two-channels"]

    /// The other files in `Docs/scenarios`.
    static let scenarios = [
        "apartment-fridge", "apartment-wall", "calibration-room", "capture-room", "demo-room", "dense-room", "hall-twenty", "office-wall", "pdoa-bench", "pdoa-dw3220-bench",
        "pdoa-dw3220-sweep", "pdoa-sweep", "phone-and-accessory",
        "two-devices-3m", "uci-pairs-twenty",
        "walking-around",
    ]

    @Test("the list above is every shipped scenario")
    func everyScenario() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.scenariosDirectory)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(".json".count)) }
        #expect(files.sorted() == (Self.scenarios + Self.positioningSites + Self.bandedSites).sorted())
    }

    @Test("a positioning site locates its tags with the defaults", arguments: ["locate", "emulate"], positioningSites)
    func locates(command: String, scenario: String) throws {
        let run = try CommandRun([command, "--scenario", "Docs/scenarios/\(scenario).json", "--duration", "1"])
        #expect(run.status == 0, "\(run.error)")
        #expect(!run.error.contains("Error"), "\(run.error)")
        if command == "locate" {
            // "N fixes" on standard error, at least one a tag per 100 ms from 0.11 s on, and a line
            // each (and one per fix refused) under the table's header.
            let fixes = try #require(run.error.split(separator: " ").first.flatMap { Int($0) })
            #expect(fixes >= 9 * (scenario == "thousand-tags" ? 1000 : 3), "\(run.error)")
            #expect(run.output.split(separator: "\n").count >= fixes + 1)
        } else {
            #expect(run.output.contains("simulated 1.000 s"), "\(run.output)")
        }
    }

    @Test("runs with the defaults", arguments: ["range", "demo", "emulate"], scenarios)
    func runs(command: String, scenario: String) throws {
        let run = try CommandRun([command, "--scenario", "Docs/scenarios/\(scenario).json", "--duration", "1"])
        #expect(run.status == 0, "\(run.error)")
        #expect(!run.error.contains("Error"), "\(run.error)")
        switch command {
        case "range":
            // The table's header and at least one measurement.
            #expect(run.output.split(separator: "\n").count > 1, "\(run.output)")
            #expect(run.error.contains(" measurements, 0 failed rounds, 0 skipped"), "\(run.error)")
        case "demo":
            #expect(run.output.hasPrefix("uwb demo  t = 0.100 s"))
            #expect(run.output.contains("uwb demo  t = 1.000 s"))
            #expect(!run.output.contains("invalidated"), "\(run.output)")
        default:
            #expect(run.output.contains("simulated 1.000 s"), "\(run.output)")
        }
    }

    @Test("the hall on channels 5 and 9: uwb emulate and uwb demo run with the defaults; uwb range refuses one cluster of both radios, saying what to give, and ranges in clusters of one radio")
    func bandedHall() throws {
        let scenario = ["--scenario", "Docs/scenarios/hall-two-channels.json", "--duration", "1"]
        for command in ["emulate", "demo"] {
            let run = try CommandRun([command] + scenario)
            #expect(run.status == 0, "\(command): \(run.error)")
        }
        let refused = try CommandRun(["range"] + scenario)
        #expect(refused.status != 0)
        #expect(refused.error.contains("devices tag-01 and tag-02 range together but the scenario gives them different radios"), "\(refused.error)")
        // Fitted for bands apart, its clusters run on the machine's cores by default, with one thread's output.
        let pairs = try CommandRun(["range", "--cluster-size", "2"] + scenario)
        #expect(pairs.status == 0, "\(pairs.error)")
        #expect(pairs.error.contains(" measurements, 0 failed rounds, 0 skipped"), "\(pairs.error)")
        let one = try CommandRun(["range", "--cluster-size", "2", "--threads", "1"] + scenario)
        #expect(pairs.output == one.output)
        if ProcessInfo.processInfo.activeProcessorCount > 1 {
            #expect(pairs.error.contains("part 1: "), "\(pairs.error)")
        }
    }

    @Test("uwb range says which rate it chose when 10 Hz does not fit the hall's 19 peers")
    func hallRate() throws {
        let run = try CommandRun(["range", "--scenario", "Docs/scenarios/hall-twenty.json", "--duration", "1", "--format", "jsonl"])
        #expect(run.status == 0)
        let prefix = "--rate 10 Hz does not fit 19 peers; ranging at "
        let line = try #require(run.error.split(separator: "\n").first.map(String.init))
        #expect(line.hasPrefix(prefix) && line.hasSuffix(" Hz"), "\(run.error)")
        let chosen = try #require(Double(line.dropFirst(prefix.count).dropLast(" Hz".count)))
        #expect(chosen > 9 && chosen < 10)
        // Every peer is reached within its slot: 19 peers, both sides of each round.
        let pairs = Set(run.output.split(separator: "\n").compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return "\(object["from"] ?? "")>\(object["to"] ?? "")"
        })
        #expect(pairs.count == 38)
    }

    @Test("uwb range refuses a rate given on the command line that does not fit, naming the option and the limit")
    func hallExplicitRate() throws {
        let run = try CommandRun(["range", "--scenario", "Docs/scenarios/hall-twenty.json", "--duration", "1", "--rate", "10"])
        #expect(run.status != 0)
        #expect(run.output.isEmpty)
        #expect(run.error.contains("--rate 10 Hz with 19 peers leaves each peer a slot shorter than the "), "\(run.error)")
        #expect(run.error.contains("; use at most 9."), "\(run.error)")
    }

    @Test("uwb demo ranges the office at 110 kbps every 139 ms, and says so")
    func officeInterval() throws {
        let run = try CommandRun([
            "demo", "--scenario", "Docs/scenarios/office-wall.json", "--duration", "2", "--speed", "0", "--format", "jsonl",
        ])
        #expect(run.status == 0)
        #expect(run.error.hasPrefix("--interval 100 ms does not fit the radio of "))
        #expect(run.error.hasSuffix("office-wall.json; ranging every 139 ms\n"), "\(run.error)")
        let lines = run.output.split(separator: "\n")
        #expect(lines.count >= 20, "\(run.output)")
        #expect(lines.allSatisfy { $0.contains(#""state":"ranging""#) }, "\(run.output)")
    }

    @Test("uwb demo refuses an interval given on the command line that the radio does not keep")
    func officeExplicitInterval() throws {
        let run = try CommandRun(["demo", "--scenario", "Docs/scenarios/office-wall.json", "--duration", "1", "--interval", "100"])
        #expect(run.status != 0)
        #expect(run.error.contains(
            "--interval 100: an update interval of 100 ms is outside the 138.84 to 1000 ms the devices' radios keep in "),
            "\(run.error)")
    }

    @Test("uwb emulate says when a scenario's devices send nothing by themselves")
    func emulateRoom() throws {
        let run = try CommandRun(["emulate", "--scenario", "Docs/scenarios/demo-room.json", "--duration", "1"])
        #expect(run.status == 0)
        #expect(run.error.contains("has a transmit script, so nothing is sent; uwb range and uwb demo range between its devices"))
    }
}
