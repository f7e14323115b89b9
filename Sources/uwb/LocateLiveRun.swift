import Foundation
import EmulatorHarness
import UWBCore
import UWBDevices
import UWBEmulator
import UWBPositioning

/// `uwb locate --device`: a DL-TDoA tag on a live radio (a USB board, a device of the emulator
/// service): it listens to the network's anchors, fixes and tracks its position and prints every
/// fix until `--duration` on the radio's clock, Ctrl-C or SIGTERM.
struct LocateLiveRun {
    /// The radio to listen with.
    let choice: DeviceChoice
    /// The anchors' network.
    let network: PANIdentifier
    /// The space to fix in.
    let geometry: SolverGeometry
    /// The spread of a receive timestamp the locator assumes.
    let timestampDeviation: Distance
    /// The tag's acceleration the tracker assumes.
    let acceleration: Acceleration
    /// How long to run on the radio's clock, if limited.
    let duration: Duration?
    /// How fixes are printed.
    let output: PositionOutput

    /// The longest span of one set of cluster rounds a live tag accepts: 50 ms, half the default
    /// period, which any site whose clusters' rounds fit a 100 ms period keeps.
    static let roundSpan = Duration.milliseconds(50)
    /// How often the main thread looks whether Ctrl-C came while it waits for the run to end.
    private static let interruptionCheck = DispatchTimeInterval.milliseconds(50)

    /// Runs the tag.
    ///
    /// - Throws: `CommandFailure` when the radio cannot be opened.
    func run() throws {
        let interruption = Interruption()
        let radio: ThreadedRadio
        do {
            radio = try choice.open()
        } catch {
            throw CommandFailure(error.description)
        }
        let listener = LiveTag(
            locator: DownlinkTDoALocator(geometry: geometry, timestampDeviation: timestampDeviation, window: Self.roundSpan),
            tracker: PositionTracker(acceleration: acceleration), output: output, name: choice.description, reporter: radio)
        let done = DispatchSemaphore(value: 0)
        let network = network
        let duration = duration
        listener.onLoss = { done.signal() }
        radio.post {
            let tag = DownlinkTDoATag(on: radio, network: network) { listener.take($0, at: radio.now) }
            listener.tag = tag
            radio.attach(listener)
            tag.start()
            if let duration {
                radio.schedule(after: duration) { done.signal() }
            }
        }
        while done.wait(timeout: .now() + Self.interruptionCheck) == .timedOut, !interruption.wasInterrupted {}
        radio.stop()
        StandardError.line(listener.summary)
        if let loss = listener.loss {
            throw CommandFailure("\(choice.description): the radio was lost: \(loss)")
        }
    }
}

/// The live tag's software and what it printed, on the radio's loop: every fix is also reported
/// to the radio's loop (on a device of the emulator service, its page draws it). It hands the
/// radio's events to the tag, and ends the run if the radio is lost.
final class LiveTag: @unchecked Sendable {
    /// The tag, kept here: the radio holds it weakly.
    var tag: DownlinkTDoATag?
    private var locator: DownlinkTDoALocator
    private var tracker: PositionTracker
    private let output: PositionOutput
    private let name: String
    private let reporter: any MeasurementReporting
    /// The locator's space, kept apart from it: the summary is read on another thread than the one
    /// that changes the locator.
    private let geometry: SolverGeometry
    private var fixes = 0
    /// Per reason (``PositionOutput/reason(_:)``): how many sets gave no fix, and what the first of them said.
    private var failures: [String: (count: Int, first: PositioningError)] = [:]
    /// Whether a set gave no fix because the anchors stand in one plane.
    private var anchorsInOnePlane = false
    private let lock = NSLock()

    init(locator: DownlinkTDoALocator, tracker: PositionTracker, output: PositionOutput, name: String, reporter: any MeasurementReporting) {
        geometry = locator.geometry
        self.locator = locator
        self.tracker = tracker
        self.output = output
        self.name = name
        self.reporter = reporter
    }

    /// Fixes the sets `observation` closes, reports and prints them.
    func take(_ observation: DownlinkTDoAObservation, at time: Duration) {
        for result in locator.add(observation, prior: tracker.prediction(at: time)) {
            var tracked: TrackedPosition?
            if case .success(let fix) = result {
                tracked = tracker.update(with: fix, at: time)
                reporter.report(ReportedPosition(position: fix.position, covariance: fix.covariance, time: time))
            }
            lock.withLock {
                switch result {
                case .success: fixes += 1
                case .failure(let error):
                    failures[PositionOutput.reason(error), default: (0, error)].count += 1
                    anchorsInOnePlane = anchorsInOnePlane || error == .ambiguousGeometry(SolverGeometry.anchorsInOnePlane)
                }
            }
            print(output.line(for: PositionRecord(
                time: SimulationTime(seconds: time.secondsValue), device: name, method: .downlinkTDoA, result: result, geodetic: nil,
                tracked: tracked, truth: nil)))
            fflush(nil)
        }
    }

    /// Called on the loop when the radio is lost (its board unplugged, the emulator service gone).
    var onLoss: () -> Void = {}
    /// Why the radio was lost, once it was.
    var loss: TransceiverError? {
        lock.withLock { lostBecause }
    }
    private var lostBecause: TransceiverError?

    /// How many fixes, how many sets gave none by reason, and the rounds heard; then, a line each, what
    /// the first set to give none for each reason said; and, for a tag fixing in 3-D under anchors in
    /// one plane, how to fix in 2-D.
    var summary: String {
        lock.withLock {
            var lines = [LocateCommand.summary(fixes: fixes, failures: failures.mapValues(\.count)) + "; \(tag?.completeRounds ?? 0) rounds heard"]
            lines += failures.sorted { $0.key < $1.key }.map { "\($0.key), the first: \($0.value.first)" }
            if anchorsInOnePlane, case .spatial = geometry {
                lines.append("anchors in one plane cannot tell a tag's height: give --height with its antenna's height to fix in 2-D")
            }
            return lines.joined(separator: "\n")
        }
    }
}

/// The live tag hears the radio's events for its tag, and ends the run when the radio is lost.
extension LiveTag: RadioEventHandler {
    func radioStarted() {
        tag?.radioStarted()
    }

    func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        tag?.radio(event, fromChip: chip)
    }

    func radio(failed error: TransceiverError, onChip chip: Int) {
        tag?.radio(failed: error, onChip: chip)
        guard error.meansRadioLost, lock.withLock({ () -> Bool in
            defer { lostBecause = lostBecause ?? error }
            return lostBecause == nil
        }) else { return }
        onLoss()
    }
}
