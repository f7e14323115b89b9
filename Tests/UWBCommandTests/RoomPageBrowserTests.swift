import Foundation
import Testing
import UWBTestSupport

/// The browser, its driver and the Python that runs Selenium, as Debian installs them.
enum BrowserTools {
    /// Their paths.
    static let paths = ["/usr/bin/chromium", "/usr/bin/chromedriver", "/usr/bin/python3"]

    /// Whether to run the browser tests: always in CI (a missing browser then fails them), elsewhere
    /// when the browser, its driver and Debian's Selenium are installed.
    static var canRun: Bool {
        if ProcessInfo.processInfo.environment["CI"] == "true" { return true }
        return paths.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
            && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/selenium")
    }
}

/// The room page in a real browser (Tests/Browser/room_page.py: Debian's Chromium, headless,
/// through Selenium): `uwb emulator serve --http 0` with two `uwb session` apps ranging, the page
/// loaded, a device dragged, a move into a pillar refused, pause and step, the downloads, and
/// demo-room loaded in its place (its apps detached); and the warehouse with its anchors and a live
/// tag (`uwb locate --device emulator:forklift`) fixing its position. Screenshots go to
/// `.build/artefacts/browser` (CI keeps them). On a machine without the browser the test is
/// skipped, except in CI, where `.ci/run` installs it.
@Suite("The room page in a real browser", .serialized, .enabled(if: BrowserTools.canRun))
struct RoomPageBrowserTests {

    /// Reads `pipe` line by line on a thread of its own, until the line `matching` appears (returned)
    /// or the pipe closes (nil); the rest is drained in the background so the process never blocks.
    static func firstLine(of pipe: Pipe, containing text: String, seen: @escaping @Sendable (String) -> Void) -> String? {
        let handle = pipe.fileHandleForReading
        var buffer = Data()
        while true {
            let chunk = handle.availableData
            guard !chunk.isEmpty else { return nil }
            buffer.append(chunk)
            while let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                seen(line)
                if line.contains(text) {
                    Thread.detachNewThread {
                        while !handle.availableData.isEmpty {}
                    }
                    return line
                }
            }
        }
    }

    /// Asks `process` to stop (SIGTERM) if it runs, and waits until it has.
    static func stop(_ process: Process) {
        if process.isRunning {
            process.terminate()
        }
        process.waitUntilExit()
    }

    /// `uwb emulator serve --http 0 --speed 1` on `scenario` at a fresh socket: the process, its
    /// socket and the page's address it printed.
    static func serve(_ scenario: String) throws -> (process: Process, socket: String, url: String) {
        let socket = "/tmp/swift-uwb-\(UUID().uuidString.prefix(8)).sock"
        let (service, serviceOutput) = try BuiltExecutable.startUWB(
            ["emulator", "serve", "--scenario", Repository.path(scenario), "--socket", socket, "--http", "0", "--speed", "1"])
        do {
            let line = try #require(Self.firstLine(of: serviceOutput, containing: "room page at") { _ in })
            let url = try #require(line.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
            return (service, socket, url)
        } catch {
            Self.stop(service)
            throw error
        }
    }

    /// Runs Tests/Browser/room_page.py on the page at `url` with `arguments`, screenshots going to
    /// `.build/artefacts/browser`; returns its report and whether every check passed.
    static func runPage(_ url: String, _ arguments: [String]) throws -> (report: String, passed: Bool, screenshots: String) {
        let screenshots = Repository.path(".build/artefacts/browser")
        try FileManager.default.createDirectory(atPath: screenshots, withIntermediateDirectories: true)
        let script = try BuiltExecutable.start(
            URL(fileURLWithPath: "/usr/bin/python3"),
            arguments: [Repository.path("Tests/Browser/room_page.py"), "--url", url, "--screenshots", screenshots] + arguments)
        let report = String(decoding: script.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        script.process.waitUntilExit()
        return (report, script.process.terminationStatus == 0, screenshots)
    }

    /// Reads `process`'s output until it ends, so it never blocks on a full pipe.
    static func drain(_ output: Pipe) {
        Thread.detachNewThread {
            while !output.fileHandleForReading.availableData.isEmpty {}
        }
    }

    @Test("the page shows the room, a drag moves a device and the measured distance follows with its quality, a move into the pillar is refused, pause stops the clock, the files download, another scenario loads",
          .timeLimit(.minutes(10)))
    func pageInBrowser() throws {
        _ = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        for tool in BrowserTools.paths {
            #expect(FileManager.default.isExecutableFile(atPath: tool), "\(tool) is missing: install chromium, chromium-driver and python3-selenium")
        }
        let (service, socket, url) = try Self.serve("Tests/Browser/browser-room.json")
        defer { Self.stop(service) }
        let tokens = FileManager.default.temporaryDirectory.appendingPathComponent("swift-uwb-tokens-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: tokens, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tokens) }
        let phoneToken = tokens.appendingPathComponent("phone").path, tagToken = tokens.appendingPathComponent("tag").path
        let apps = [
            try BuiltExecutable.startUWB(
                ["session", "--token-out", phoneToken, "--token-in", tagToken, "--updates", "1000000", "--timeout", "300"],
                environment: ["UWB_DEVICE": "emulator:phone", "UWB_EMULATOR_SOCKET": socket]),
            try BuiltExecutable.startUWB(
                ["session", "--token-out", tagToken, "--token-in", phoneToken, "--updates", "1000000", "--timeout", "300"],
                environment: ["UWB_DEVICE": "emulator:tag", "UWB_EMULATOR_SOCKET": socket]),
        ]
        // The service stops first: the apps' next transaction then fails and they exit.
        defer {
            Self.stop(service)
            for (process, _) in apps {
                Self.stop(process)
            }
        }
        // The apps print a line per update.
        for (_, output) in apps {
            Self.drain(output)
        }
        let page = try Self.runPage(url, [
            "--drag", "tag", "--to", "1.0,-2.0", "--expect-measured", "--refuse-to", "2.0,-1.5", "--step", "--load", "demo-room",
        ])
        #expect(page.passed, "\(page.report)")
        for name in ["loaded.png", "after-drag.png", "refused.png", "paused.png", "loaded-other.png"] {
            #expect(FileManager.default.fileExists(atPath: page.screenshots + "/" + name), "\(page.report)")
        }
    }

    @Test("the warehouse's anchors are drawn as anchors, and a live tag's fixes appear with their track and in its panel",
          .timeLimit(.minutes(10)))
    func positioningInBrowser() throws {
        _ = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let (service, socket, url) = try Self.serve("Docs/scenarios/warehouse.json")
        defer { Self.stop(service) }
        let (tag, output) = try BuiltExecutable.startUWB(
            ["locate", "--device", "emulator:forklift", "--network", "4660", "--height", "2.2", "--format", "jsonl"],
            environment: ["UWB_EMULATOR_SOCKET": socket])
        defer {
            Self.stop(service)
            Self.stop(tag)
        }
        Self.drain(output)
        let page = try Self.runPage(url, ["--positioning", "forklift"])
        #expect(page.passed, "\(page.report)")
        #expect(FileManager.default.fileExists(atPath: page.screenshots + "/positioning.png"), "\(page.report)")
    }
}
