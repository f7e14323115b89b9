import Foundation

/// The CPU an app costs while it waits: a service with one `uwb session` attached whose peer's
/// token never comes, so the app's radio loop idles; the CPU time of the app and of the service
/// over a stretch of wall time, as a share of one core. Also the service alone, for comparison.
struct IdleAppCPU {
    /// One measurement.
    struct Row {
        /// The service's `--speed`.
        let speed: Double
        /// The app's share of a core, percent; nil without an app.
        let app: Double?
        /// The service's share of a core, percent.
        let service: Double
        /// Wall seconds measured over.
        let seconds: Double
        /// The service's virtual time when it stopped, seconds.
        let virtualSeconds: Double?
    }

    /// How long the app may take to write its token (and so to have attached).
    static let attachLimit: Duration = .seconds(30)
    /// Wall time left to the processes after the app attached, before the measurement starts.
    static let settle = 1.0

    /// The measurements: the service alone at speed 1, then with the idle app at speeds 1 and 0.
    let rows: [Row]

    /// Measures each case over `seconds` of wall time.
    ///
    /// - Throws: ``ServiceBenchmarkError`` if a process cannot be started, the app does not
    ///   attach or ends early, or `/proc` cannot be read; every process started is stopped first.
    init(uwb: String, scenario: String, seconds: Double, scratch: ScratchDirectory, repository: String) throws(ServiceBenchmarkError) {
        var rows: [Row] = []
        for (index, setup) in [(speed: 1.0, app: false), (speed: 1.0, app: true), (speed: 0.0, app: true)].enumerated() {
            progress("idle app: speed \(Formatting.fixed(setup.speed, 0))" + (setup.app ? ", one app waiting" : ", no app"))
            rows.append(try Self.measure(
                uwb: uwb, scenario: scenario, speed: setup.speed, withApp: setup.app, seconds: seconds,
                directory: try scratch.fresh("idle-\(index)"), repository: repository))
        }
        self.rows = rows
    }

    /// One measurement: a service at `speed`, with the waiting app or without.
    private static func measure(
        uwb: String, scenario: String, speed: Double, withApp: Bool, seconds: Double, directory: String, repository: String
    ) throws(ServiceBenchmarkError) -> Row {
        let service = try ServiceProcess(
            uwb: uwb, scenario: scenario, socket: directory + "/service.sock", speed: speed, directory: repository)
        var app: SessionApp?
        do throws(ServiceBenchmarkError) {
            if withApp {
                let waiting = try SessionApp(
                    uwb: uwb, device: "phone", socket: service.socket, tokenOut: directory + "/phone.token",
                    tokenIn: directory + "/never.token", options: SessionApp.Options(updates: 10, timeout: seconds + 120),
                    directory: repository)
                app = waiting
                try waitForToken(of: waiting)
            }
            Thread.sleep(forTimeInterval: settle)
            let before = (app: try app.map { app throws(ServiceBenchmarkError) in try CPUTime(pid: app.child.pid) },
                          service: try CPUTime(pid: service.child.pid))
            Thread.sleep(forTimeInterval: seconds)
            let after = (app: try app.map { app throws(ServiceBenchmarkError) in try CPUTime(pid: app.child.pid) },
                         service: try CPUTime(pid: service.child.pid))
            if let app, !app.child.isRunning {
                throw ServiceBenchmarkError.appFailed(device: app.device, detail: "ended while it should wait: \(app.messages)")
            }
            app?.child.killAndWait()
            let stop = service.stop()
            var appShare: Double?
            if let before = before.app, let after = after.app {
                appShare = after.percentOfCore(since: before)
            }
            return Row(
                speed: speed, app: appShare, service: after.service.percentOfCore(since: before.service), seconds: seconds,
                virtualSeconds: stop.virtualSeconds)
        } catch {
            app?.child.killAndWait()
            _ = service.stop()
            throw error
        }
    }

    /// Waits until `app` has written its token, which it does once its radio is attached.
    private static func waitForToken(of app: SessionApp) throws(ServiceBenchmarkError) {
        let deadline = ContinuousClock.now + attachLimit
        while !FileManager.default.fileExists(atPath: app.tokenOut) {
            guard app.child.isRunning, ContinuousClock.now < deadline else {
                throw .appFailed(device: app.device, detail: "wrote no token within \(attachLimit): \(app.messages)")
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// The measurements as a markdown table.
    var markdown: String {
        var table = MarkdownTable([
            "service --speed", "app", "app CPU (% of a core)", "service CPU (% of a core)", "wall s", "virtual s at stop",
        ])
        for row in rows {
            table.append([
                Formatting.fixed(row.speed, 0), row.app == nil ? "none" : "one, waiting for its peer",
                row.app.map { Formatting.fixed($0, 2) } ?? "–", Formatting.fixed(row.service, 2),
                Formatting.fixed(row.seconds, 0), row.virtualSeconds.map { Formatting.fixed($0, 3) } ?? "–",
            ])
        }
        return table.markdown
    }
}
