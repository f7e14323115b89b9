import Foundation
import UWBCore

/// One run of two apps ranging with each other through an emulator service of their own: the
/// service (`uwb emulator serve` on a fresh socket), then two `uwb session` processes on two of
/// its devices with their token files crossed, both awaited, then the service stopped with SIGTERM.
struct SessionPairRun {
    /// How the run is set up.
    struct Settings {
        /// The scenario file the service hosts.
        var scenario: String
        /// The two devices the apps drive.
        var devices: (first: String, second: String) = ("phone", "tag")
        /// The service's `--speed`.
        var speed: Double
        /// The service's `--start-after-apps`.
        var startAfterApps = 0
        /// The service's `--threads`; nil leaves the service its default.
        var threads: Int? = nil
        /// The sessions' updates and dead-peer deadline.
        var session: SessionApp.Options
        /// The two sessions' `--token-seed`s, nil for tokens from the secure generator.
        var tokenSeeds: (first: UInt64, second: UInt64)? = nil

        /// How long past their own deadline the apps may run before they are killed.
        static let killSlack: Duration = .seconds(30)
        /// How long an app may still run once its peer has ended before writing its token (it
        /// would otherwise wait for the token until its own deadline).
        static let orphanLimit: Duration = .seconds(5)
    }

    /// What one app did.
    struct App {
        /// The device it drove.
        let device: String
        /// How it ended (nil: it outlived its deadline and was killed).
        let termination: ChildProcess.Termination?
        /// The updates it printed.
        let updates: [SessionUpdate]
        /// Its standard output, every octet.
        let output: Data
        /// What it said besides its updates.
        let messages: String
    }

    /// The app on the first device.
    let first: App
    /// The app on the second device.
    let second: App
    /// How the service stopped.
    let service: ServiceProcess.Stop
    /// When both apps had written their tokens (each starts ranging within its 50 ms poll for the
    /// peer's); nil if that never happened.
    let tokensWritten: ContinuousClock.Instant?
    /// Wall seconds from the service's start to its end.
    var wall: Double { service.wall }

    /// Runs the pair with files (socket, tokens) in `directory`, the processes in `repository`.
    ///
    /// - Throws: ``ServiceBenchmarkError`` if the service or an app cannot be started; every
    ///   process started is stopped first.
    init(uwb: String, settings: Settings, directory: String, repository: String) throws(ServiceBenchmarkError) {
        let socket = directory + "/service.sock"
        let service = try ServiceProcess(
            uwb: uwb, scenario: settings.scenario, socket: socket, speed: settings.speed,
            startAfterApps: settings.startAfterApps, threads: settings.threads, directory: repository)
        let tokens = (first: directory + "/" + settings.devices.first + ".token",
                      second: directory + "/" + settings.devices.second + ".token")
        var options = settings.session
        var apps: [SessionApp] = []
        do throws(ServiceBenchmarkError) {
            options.tokenSeed = settings.tokenSeeds?.first
            apps.append(try SessionApp(
                uwb: uwb, device: settings.devices.first, socket: socket, tokenOut: tokens.first, tokenIn: tokens.second,
                options: options, directory: repository))
            options.tokenSeed = settings.tokenSeeds?.second
            apps.append(try SessionApp(
                uwb: uwb, device: settings.devices.second, socket: socket, tokenOut: tokens.second, tokenIn: tokens.first,
                options: options, directory: repository))
        } catch {
            for app in apps {
                app.child.killAndWait()
            }
            _ = service.stop()
            throw error
        }
        var deadline = ContinuousClock.now + .milliseconds(Int64(settings.session.timeout * 1000)) + Settings.killSlack
        tokensWritten = Self.waitForTokens([tokens.first, tokens.second], of: apps, until: deadline)
        if tokensWritten == nil {
            deadline = min(deadline, .now + Settings.orphanLimit)
        }
        let results = apps.map { [deadline] app in
            let termination = app.child.wait(timeout: deadline - .now)
            if termination == nil {
                app.child.killAndWait()
            }
            return App(
                device: app.device, termination: termination, updates: app.updates, output: app.child.output.data,
                messages: app.messages)
        }
        first = results[0]
        second = results[1]
        self.service = service.stop()
    }

    /// Polls until every file in `paths` exists; nil if an app ends first or `deadline` passes.
    private static func waitForTokens(
        _ paths: [String], of apps: [SessionApp], until deadline: ContinuousClock.Instant
    ) -> ContinuousClock.Instant? {
        while ContinuousClock.now < deadline {
            if paths.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) {
                return .now
            }
            guard apps.allSatisfy(\.child.isRunning) else { return nil }
            Thread.sleep(forTimeInterval: 0.001)
        }
        return nil
    }
}
