import Foundation
import Testing
import UWBTestSupport

/// `uwb emulate`, `uwb locate` and `uwb range` as the ranks of an Open MPI job (`mpirun -np N`, Docs/mpi.md):
/// the same output, byte for byte, as one process; clear errors, not hangs, for ranks set up differently,
/// options that run in one process alone, more ranks than the world has parts, and a rank that dies.
@Suite("Worlds over MPI ranks")
struct MPIRunTests {
    @Test("uwb emulate of twenty scripted senders, on one channel and fitted in turn for channels 5 and 9, on 1, 2 and 3 ranks prints what one process prints", arguments: [1, 2, 3])
    func emulate(ranks: Int) throws {
        let channels = try emulate(scenario: "hall-two-channels", ranks: ranks)
        #expect(channels.output.contains("fitted in turn for channel 5 and channel 9"))
        let job = try emulate(scenario: "hall-twenty", ranks: ranks)
        #expect(job.output.contains("twenty devices in a 20 m x 20 m hall"))
        if ranks > 1 {
            for rank in 0..<ranks {
                #expect(job.error.contains("rank \(rank): "), "\(job.error)")
            }
        }
    }

    /// `uwb emulate` of `scenario` for a second on `ranks` ranks, checked against one process; the job's run.
    func emulate(scenario: String, ranks: Int) throws -> CommandRun {
        let arguments = ["emulate", "--scenario", "Docs/scenarios/\(scenario).json", "--duration", "1"]
        let alone = try CommandRun(arguments + ["--threads", "1"])
        #expect(alone.status == 0, "\(alone.error)")
        let job = try CommandRun(mpirun: ["-np", "\(ranks)", "uwb"] + arguments)
        #expect(job.status == 0, "\(job.error)")
        #expect(job.output == alone.output, "\(scenario)")
        return job
    }

    @Test("uwb locate of a DL-TDoA office and of the office by TWR sessions, and uwb range of a dense room in pairs print one process's lines on 2 and 3 ranks", arguments: [2, 3])
    func locateAndRange(ranks: Int) throws {
        let twoWay = try Self.officeByTwoWayRanging()
        defer { try? FileManager.default.removeItem(atPath: twoWay) }
        for arguments in [
            ["locate", "--scenario", "Docs/scenarios/office-dl-tdoa.json", "--duration", "2", "--format", "jsonl"],
            ["locate", "--scenario", twoWay, "--duration", "2", "--format", "jsonl"],
            ["range", "--scenario", "Docs/scenarios/dense-room.json", "--duration", "2", "--cluster-size", "2"],
        ] {
            let alone = try CommandRun(arguments)
            #expect(alone.status == 0, "\(alone.error)")
            #expect(alone.output.split(separator: "\n").count > 20)
            let job = try CommandRun(mpirun: ["-np", "\(ranks)", "uwb"] + arguments)
            #expect(job.status == 0, "\(job.error)")
            #expect(job.output == alone.output, "\(arguments[0])")
            // The summary, once.
            let summary = alone.error.split(separator: "\n").first { $0.contains("fixes") || $0.contains("measurements") }
            #expect(summary.map { job.error.components(separatedBy: $0).count == 2 } ?? false, "\(job.error)")
        }
    }

    /// The shipped DL-TDoA office positioned by two-way ranging instead, on DW1000 boards (one session
    /// per tag and anchor; DW3000 sessions would each want an STS of their own), written to a temporary file.
    static func officeByTwoWayRanging() throws -> String {
        let office = try Data(contentsOf: URL(fileURLWithPath: Repository.path("Docs/scenarios/office-dl-tdoa.json")))
        var scenario = try #require(try JSONSerialization.jsonObject(with: office) as? [String: Any])
        var positioning = try #require(scenario["positioning"] as? [String: Any])
        positioning["method"] = "twr"
        scenario["positioning"] = positioning
        let devices = try #require(scenario["devices"] as? [[String: Any]])
        scenario["devices"] = devices.map { device in device.merging(["board": "ft232h-dw1000-single"]) { $1 } }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("office-twr-\(UUID().uuidString).json").path
        try JSONSerialization.data(withJSONObject: scenario).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("ranks given different scenarios or durations: the first says so, every rank ends, the job fails")
    func mismatchedRanks() throws {
        let hall = ["uwb", "emulate", "--scenario", "Docs/scenarios/hall-twenty.json", "--duration", "1"]
        for other in [
            ["uwb", "emulate", "--scenario", "Docs/scenarios/uci-pairs-twenty.json", "--duration", "1"],
            ["uwb", "emulate", "--scenario", "Docs/scenarios/hall-twenty.json", "--duration", "2"],
        ] {
            let job = try CommandRun(mpirun: ["-np", "1"] + hall + [":", "-np", "1"] + other)
            #expect(job.status != 0)
            #expect(job.output.isEmpty)
            #expect(job.error.contains("Error: rank 1 was started with a different scenario or options than rank 0"), "\(job.error)")
            #expect(job.error.components(separatedBy: "Error:").count == 2, "said once: \(job.error)")
        }
        let missing = try CommandRun(mpirun: ["-np", "1"] + hall + [":", "-np", "1", "uwb", "emulate", "--scenario", "/nonexistent/site.json"])
        #expect(missing.status != 0)
        #expect(missing.error.contains("Error: rank 1: "), "\(missing.error)")
        #expect(missing.error.contains("/nonexistent/site.json"), "\(missing.error)")
    }

    @Test("--threads, --trace and --paced under mpirun, and more ranks than the world has parts: one clear error each")
    func refusals() throws {
        let emulate = ["uwb", "emulate", "--scenario", "Docs/scenarios/hall-twenty.json", "--duration", "1"]
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("mpi-\(UUID().uuidString).pcapng").path
        let cases: [([String], String)] = [
            (["-np", "2"] + emulate + ["--threads", "2"], "--threads splits a world in one process"),
            (["-np", "2"] + emulate + ["--trace", trace], "--trace is not written by a run under mpirun"),
            (["-np", "2"] + emulate + ["--paced"], "--paced runs in one process"),
            (["-np", "2", "uwb", "locate", "--scenario", "Docs/scenarios/office-dl-tdoa.json", "--threads", "1"], "--threads splits"),
            (["-np", "3", "uwb", "emulate", "--scenario", "Docs/scenarios/walking-around.json"], "this world runs on at most 2 ranks"),
            (["-np", "2", "uwb", "range", "--scenario", "Docs/scenarios/dense-room.json"], "this world runs in one process only"),
            (["-np", "14", "uwb", "locate", "--scenario", "Docs/scenarios/office-dl-tdoa.json"], "this world runs on at most 13 ranks, not 14"),
        ]
        for (arguments, expected) in cases {
            let job = try CommandRun(mpirun: arguments)
            #expect(job.status != 0, "\(arguments)")
            #expect(job.error.contains(expected), "\(arguments): \(job.error)")
            #expect(job.error.components(separatedBy: "Error:").count == 2, "said once: \(job.error)")
        }
        #expect(!FileManager.default.fileExists(atPath: trace))
    }

    @Test("--rank-silence-limit that is not a positive number of seconds is refused, saying what to give", arguments: ["0", "-3", "nan", "inf"])
    func silenceLimitRefused(limit: String) throws {
        let run = try CommandRun(["emulate", "--scenario", "Docs/scenarios/hall-twenty.json", "--duration", "1", "--rank-silence-limit", limit])
        #expect(run.status != 0)
        #expect(run.output.isEmpty)
        #expect(run.error.contains("--rank-silence-limit") && run.error.contains("give a positive number of seconds"), "\(run.error)")
    }

    @Test("a rank killed in the middle of a run ends the job with mpirun's word of which rank died, not a hang")
    func deadRank() throws {
        let said = try Self.locateThousandTags(options: []) { second in kill(second, SIGKILL) }
        #expect(said.contains("rank 1") && said.contains("signal 9"), "\(said)")
    }

    @Test("a rank stopped in the middle of a run (SIGSTOP, as a hung rank) ends the job once another has waited --rank-silence-limit for it")
    func hungRank() throws {
        // 20 s: long enough that no loaded machine keeps a running rank silent that long before the stop.
        let said = try Self.locateThousandTags(options: ["--rank-silence-limit", "20"]) { second in kill(second, SIGSTOP) }
        #expect(said.contains("Error: rank 0 waited 20 s for the other ranks and heard nothing: one of them hangs"), "\(said)")
        // mpirun's own banner ("MPI_ABORT was invoked on rank 0") is not checked: Open MPI 4.1 sometimes
        // fails to print it ("ORTE_ERROR_LOG: Data unpack would read past end of buffer in show_help.c").
    }

    /// Runs `uwb locate` of the thousand tags for an hour on 2 ranks with `options`, does `harm` to rank 1's
    /// process once the run has started, and returns what the job said on standard error once it has
    /// ended, having checked that it failed and took rank 0 with it.
    static func locateThousandTags(options: [String], harm: (pid_t) -> Void) throws -> String {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let mpirun = try #require(MPIRun.path, "no mpirun on the PATH: apt-get install openmpi-bin (README)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mpi-harm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("stdout"), error = directory.appendingPathComponent("stderr")
        try Data().write(to: output)
        try Data().write(to: error)
        let job = Process()
        job.executableURL = URL(fileURLWithPath: mpirun)
        job.arguments = MPIRun.options + [
            "-np", "2", uwb, "locate", "--scenario", Repository.path("Docs/scenarios/thousand-tags.json"), "--duration", "3600",
        ] + options
        job.environment = ProcessInfo.processInfo.environment.merging(MPIRun.environment) { $1 }
        job.standardOutput = try FileHandle(forWritingTo: output)
        job.standardError = try FileHandle(forWritingTo: error)
        try job.run()
        // Once the first rank prints the table's header, every rank has set up and agreed: they run.
        #expect(Eventually.holds { ((try? Data(contentsOf: output))?.count ?? 0) > 0 })
        let second = try #require(Self.rank(1, childOf: job.processIdentifier), "rank 1 not found among mpirun's children")
        harm(second)
        // A deadline for a job that would hang.
        #expect(Eventually.holds(within: .seconds(120)) { !job.isRunning }, "the job did not end")
        if job.isRunning {
            kill(second, SIGKILL)
            job.terminate()
        }
        job.waitUntilExit()
        #expect(job.terminationStatus != 0)
        #expect(Self.rank(0, childOf: job.processIdentifier) == nil, "rank 0 outlived the job")
        #expect(Self.rank(1, childOf: job.processIdentifier) == nil, "rank 1 outlived the job")
        return String(decoding: try Data(contentsOf: error), as: UTF8.self)
    }

    /// The process of MPI rank `rank` among the children of process `parent`, from `/proc`.
    static func rank(_ rank: Int32, childOf parent: Int32) -> pid_t? {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in processes {
            guard let pid = Int32(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, Int32(fields[1]) == parent,
                  let environment = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ")) else { continue }
            let variables = environment.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if variables.contains("OMPI_COMM_WORLD_RANK=\(rank)") {
                return pid
            }
        }
        return nil
    }
}
