import Foundation
import Testing
import UWBTestSupport

/// `uwb registers --read` against `uwb emulator serve`: a device's registers read over the
/// service's socket and decoded, and what it says to a wrong filter, device or chip.
@Suite("uwb registers --read", .serialized)
struct RegistersReadTests {
    @Test("DEV_ID of an emulated device, decoded field by field", .timeLimit(.minutes(10)))
    func deviceID() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let service = try ServeProcess(uwb: uwb)
        defer { _ = service.end(with: SIGTERM) }
        let run = try CommandRun(
            ["registers", "--read", "--device", "emulator:phone", "--filter", "DEV_ID"],
            environment: ["UWB_EMULATOR_SOCKET": service.socket])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.hasPrefix("emulator:phone (ft232h-dw1000-triple), chip 0\n\nDEV_ID (0x00, 4 octets, RO)  UM §7.2.2\n  raw    0xDECA0130\n"),
                "\(run.output)")
        for line in ["RIDTAG        bits 31:16  0xDECA (57034)", "MODEL         bits 15:8   0x1 (1)", "VER           bits 7:4    0x3 (3)",
                     "REV           bits 3:0    0x0 (0)"] {
            #expect(run.output.contains(line), "\(line) missing: \(run.output)")
        }
    }

    @Test("--format json on chip 2 of the three-chip board: the buffers skipped, with why",
          .timeLimit(.minutes(10)))
    func json() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let service = try ServeProcess(uwb: uwb)
        defer { _ = service.end(with: SIGTERM) }
        let run = try CommandRun(
            ["registers", "--read", "--device", "emulator:phone", "--chip", "2", "--filter", "_BUFFER", "--format", "json"],
            environment: ["UWB_EMULATOR_SOCKET": service.socket])
        #expect(run.status == 0, "\(run.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(object["device"] as? String == "emulator:phone")
        #expect(object["chip"] as? Int == 2)
        #expect((object["registers"] as? [Any])?.isEmpty == true)
        let skipped = try #require(object["skipped"] as? [[String: Any]])
        #expect(skipped.map { $0["name"] as? String } == ["TX_BUFFER", "RX_BUFFER"])
        #expect(skipped.map { $0["reason"] as? String }.first == "write-only")
    }

    @Test("a DW3220 board's chip is decoded with the DW3000 map: DEV_ID field by field, its buffers skipped with why, a DW1000-only name refused",
          .timeLimit(.minutes(10)))
    func dw3000Chip() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let service = try ServeProcess(uwb: uwb, scenario: "Docs/scenarios/pdoa-dw3220-bench.json", arguments: ["--speed", "0"])
        defer { _ = service.end(with: SIGTERM) }
        let socket = ["UWB_EMULATOR_SOCKET": service.socket]
        let run = try CommandRun(["registers", "--read", "--device", "emulator:station", "--filter", "DEV_ID"], environment: socket)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.hasPrefix(
            "emulator:station (ft232h-dw3220-pdoa), chip 0\n\nDEV_ID (0x00:00, 4 octets, RO)  UM §8.2.2.1\n  raw    0xDECA0312\n"),
                "\(run.output)")
        for line in ["REV           bits 3:0    0x2 (2)", "VER           bits 7:4    0x1 (1)             Version: 1 for a PDoA part",
                     "MODEL         bits 15:8   0x3 (3)", "RIDTAG        bits 31:16  0xDECA (57034)"] {
            #expect(run.output.contains(line), "\(line) missing: \(run.output)")
        }
        let buffers = try CommandRun(
            ["registers", "--read", "--device", "emulator:station", "--filter", "BUFFER", "--format", "json"], environment: socket)
        #expect(buffers.status == 0, "\(buffers.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(buffers.output.utf8)) as? [String: Any])
        #expect((object["registers"] as? [Any])?.isEmpty == true)
        let skipped = try #require(object["skipped"] as? [[String: Any]])
        #expect(skipped.map { $0["name"] as? String } == ["RX_BUFFER_0", "RX_BUFFER_1", "TX_BUFFER"])
        #expect(skipped.map { $0["reason"] as? String }.last == "write-only")
        let dw1000Name = try CommandRun(["registers", "--read", "--device", "emulator:station", "--filter", "LDE_RXANTD"], environment: socket)
        #expect(dw1000Name.status == 64)
        #expect(dw1000Name.error.contains(
            "Error: --filter LDE_RXANTD: no DW3000 register's name contains it; `uwb registers` lists the DW1000's, Hardware/dw3000/registers.json the DW3000's"),
                "\(dw1000Name.error)")
    }

    @Test("a filter matching no register, a device the service lacks, a chip the board lacks, no service, --chip without --read")
    func badInput() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let service = try ServeProcess(uwb: uwb)
        defer { _ = service.end(with: SIGTERM) }
        let socket = ["UWB_EMULATOR_SOCKET": service.socket]
        let cases: [([String], [String: String], Int32, String)] = [
            (["--device", "emulator:phone", "--filter", "NO_SUCH"], socket, 64,
             "Error: --filter NO_SUCH: no register's name contains it; `uwb registers` lists them all"),
            (["--device", "emulator:fridge"], socket, 1, "Error: UWB_DEVICE=emulator:fridge: the emulator service refused: no free device \"fridge\""),
            (["--device", "emulator:tag", "--chip", "2"], socket, 1,
             "Error: --chip 2: emulator:tag is a ft232h-dw1000-single board with 1 chip (0…0); give one of those"),
            (["--device", "emulator:tag"], ["UWB_EMULATOR_SOCKET": "/tmp/swift-uwb-nobody.sock"], 1,
             "no emulator service at /tmp/swift-uwb-nobody.sock"),
            (["--device", "bluetooth"], socket, 64, "UWB_DEVICE=bluetooth is not understood"),
        ]
        for (arguments, environment, status, message) in cases {
            let run = try CommandRun(["registers", "--read"] + arguments, environment: environment)
            #expect(run.status == status, "\(arguments): \(run.error)")
            #expect(run.error.contains(message), "\(arguments): \(run.error)")
        }
        let listing = try CommandRun(["registers", "--chip", "1"])
        #expect(listing.status == 64)
        #expect(listing.error.contains("--device, --chip, --format and --include-side-effects go with --read"), "\(listing.error)")
        let mapWithRead = try CommandRun(["registers", "--read", "--map", "dw3000"])
        #expect(mapWithRead.status == 64)
        #expect(mapWithRead.error.contains("--map goes without --read"), "\(mapWithRead.error)")
        let unknownMap = try CommandRun(["registers", "--map", "dw2000"])
        #expect(unknownMap.status == 64, "\(unknownMap.error)")
    }

    @Test("without --read it lists either family's map: --map dw3000 names the DW3000's STS registers, which the DW1000 has not")
    func listsEitherMap() throws {
        let dw3000 = try CommandRun(["registers", "--map", "dw3000", "--filter", "STS_IV"])
        #expect(dw3000.status == 0, "\(dw3000.error)")
        #expect(dw3000.output.contains("STS_IV") && dw3000.output.contains("UM §"), "\(dw3000.output)")
        let dw1000 = try CommandRun(["registers", "--filter", "STS_IV"])
        #expect(dw1000.status == 0 && dw1000.output.isEmpty, "\(dw1000.output)")
        let both = try CommandRun(["registers", "--filter", "DEV_ID"])
        #expect(both.output.contains("DEV_ID"), "\(both.output)")
    }
}
