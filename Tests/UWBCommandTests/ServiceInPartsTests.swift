import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBEmulatorService
import UWBTestSupport

/// The emulator service's world split into parts (decision 0030): while one app takes its turn the
/// other parts run on, yet the apps' output, the trace and the moves recorded are the same as in one
/// part, byte for byte. No time limits: every wait is bounded by the apps' own `--timeout`, and a
/// limit would count the wait for the test pool on a loaded machine too.
@Suite("The emulator service in parts")
struct ServiceInPartsTests {
    /// A world of alice, bob and carol (a bystander no app drives) split into `parts` parts (alice,
    /// bob and carol dealt to them in turn), served at a fresh socket in the fastest mode with the
    /// clock held until both apps range, writing its trace to `trace`, recording its moves to
    /// `recording` or replaying `replaying`.
    static func service(
        parts: Int, trace: String? = nil, recording: String? = nil, replaying: [RecordedMove] = []
    ) throws -> (EmulatorService, Emulation) {
        let emulation = try FacingPair.emulation(seed: 4, bystanders: ["carol"], parts: parts)
        if let trace {
            try emulation.startTrace(writingTo: trace)
        }
        let service = try EmulatorService(
            emulation: emulation, free: ["alice", "bob"], socketPath: "/tmp/swift-uwb-\(UUID().uuidString.prefix(8)).sock",
            settings: EmulatorServiceSettings(speed: 0, startAfterApps: 2), replaying: replaying, recordingMovesTo: recording)
        service.start()
        return (service, emulation)
    }

    /// A fresh path in the temporary directory ending in `suffix`.
    static func scratch(_ suffix: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("swift-uwb-parts-\(UUID().uuidString.prefix(8))\(suffix)").path
    }

    /// The `t` of `uwb session`'s JSON lines: virtual seconds.
    static func times(in text: String) -> [Double] {
        text.split(separator: "\n").compactMap { line -> Double? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return object["t"] as? Double
        }
    }

    @Test("two uwb session processes on a world of 1, 2 and 3 parts print the same bytes, and the trace is the same until the first leaves")
    func sameRunInParts() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        var outputs: [[String]] = []
        var traces: [[TraceRecord]] = []
        for parts in 1...3 {
            let trace = Self.scratch(".pcapng")
            defer { try? FileManager.default.removeItem(atPath: trace) }
            let (service, emulation) = try Self.service(parts: parts, trace: trace)
            let texts = try MoveReplayTests.runApps(uwb, on: service) {}
            service.stop()
            _ = service.now
            try emulation.finishTrace()
            #expect(emulation.partCount == parts)
            #expect(emulation.partFigures.prefix(2).allSatisfy { $0.events > 0 }, "alice's or bob's part ran nothing: \(emulation.partFigures)")
            for text in texts {
                #expect(SessionProcessesTests.distances(in: text).count >= 19, "\(parts) parts: \(text)")
            }
            outputs.append(texts)
            // Once the first app has ended its session and left, at a moment of the wall clock, what
            // the other's chips and the world do next depends on when; until a millisecond before its
            // last update, every frame and what became of it is settled by the apps' virtual instants.
            let end = try #require(texts.compactMap { Self.times(in: $0).last }.min()) - 0.001
            let records = try PcapngReader(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: trace)))).records
            traces.append(records.filter { Double($0.time) < end * 1e12 })
        }
        #expect(outputs[1] == outputs[0])
        #expect(outputs[2] == outputs[0])
        #expect(traces[0].count > 50)
        #expect(traces[1] == traces[0])
        #expect(traces[2] == traces[0])
    }

    /// Runs alice and bob on a world of `parts` parts, pausing half a second in to move bob to
    /// 1.5 m: their outputs and the moves recorded.
    static func moveHalfwayRecorded(parts: Int, uwb: String) throws -> ([String], [RecordedMove]) {
        let file = Self.scratch(".jsonl")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (service, _) = try Self.service(parts: parts, recording: file)
        defer { service.stop() }
        _ = try service.perform(.pause)
        _ = try service.perform(.step(.milliseconds(500)))
        let texts = try MoveReplayTests.runApps(uwb, on: service) {
            #expect(Eventually.holds { service.now == SimulationTime(seconds: 0.5) })
            _ = try service.perform(.move(device: "bob", to: Position(metres: Vector3(x: 0, y: 1, z: -1.5))))
            _ = try service.perform(.resume)
        }
        return (texts, try RecordedMove.load(from: file))
    }

    /// Alice and bob's outputs on a world of `parts` parts replaying `moves`.
    static func replayed(_ moves: [RecordedMove], parts: Int, uwb: String) throws -> [String] {
        let (service, _) = try Self.service(parts: parts, replaying: moves)
        defer { service.stop() }
        return try MoveReplayTests.runApps(uwb, on: service) {}
    }

    @Test("a move recorded in a world of 2 parts replays in 1 part and in 2, and one recorded in 1 part replays in 2, byte for byte")
    func movesAcrossParts() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let (split, splitMoves) = try Self.moveHalfwayRecorded(parts: 2, uwb: uwb)
        #expect(splitMoves.count == 1)
        #expect(splitMoves.first?.at == SimulationTime(seconds: 0.5))
        for text in split {
            let distances = SessionProcessesTests.distances(in: text)
            #expect(abs((distances.first ?? 0) - 3) < 0.15, "\(text)")
            #expect(abs((distances.last ?? 0) - 1.5) < 0.15, "\(text)")
        }
        #expect(try Self.replayed(splitMoves, parts: 1, uwb: uwb) == split)
        #expect(try Self.replayed(splitMoves, parts: 2, uwb: uwb) == split)
        let (whole, wholeMoves) = try Self.moveHalfwayRecorded(parts: 1, uwb: uwb)
        #expect(try Self.replayed(wholeMoves, parts: 2, uwb: uwb) == whole)
    }

    @Test("uwb emulator serve refuses --threads 0 and more parts than devices, and says when the world runs in parts")
    func threadsOption() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let zero = try ServeProcess(uwb: uwb, arguments: ["--threads", "0"])
        zero.process.waitUntilExit()
        #expect(zero.process.terminationStatus != 0)
        #expect(zero.firstLine.contains("--threads 0: give 1 or more"), "\(zero.firstLine)")
        let many = try ServeProcess(uwb: uwb, arguments: ["--threads", "4"])
        many.process.waitUntilExit()
        #expect(many.process.terminationStatus != 0)
        #expect(many.firstLine.contains("cannot be split into 4 parts; give at most 3"), "\(many.firstLine)")
        let two = try ServeProcess(uwb: uwb, arguments: ["--threads", "2"])
        #expect(two.firstLine.hasPrefix("serving phone, tag, laptop at \(two.socket)"), "\(two.firstLine)")
        #expect(two.firstLine.contains("the world in 2 parts"), "\(two.firstLine)")
        let rest = two.end(with: SIGTERM)
        #expect(rest.contains("of virtual time after 0 turns, 0 of them taken while an app of another part held its own"), "\(rest)")
        let one = try ServeProcess(uwb: uwb, arguments: ["--threads", "1"])
        #expect(!one.firstLine.contains("parts"), "\(one.firstLine)")
        _ = one.end(with: SIGTERM)
    }
}
