import Foundation
import Testing

/// The outer half of the umockdev tests: runs ``LibUSBUnderUMockdevTests`` in a child process
/// of this test binary started with `LD_PRELOAD=libumockdev-preload.so.0`, so that the real
/// libusb talks to the emulated FT232H. Skipped, saying why, when umockdev is not installed.
@Suite("UWBUSB over real libusb (umockdev child process)")
struct UMockdevHarnessTests {
    @Test(
        "the libusb suite passes under the umockdev preload",
        .enabled(
            if: UMockdevEnvironment.preloadInstalled && !UMockdevEnvironment.isChild,
            "umockdev is not installed (no libumockdev-preload.so.0); install it with `apt-get install umockdev libumockdev-dev` (.ci/run does)"),
        .timeLimit(.minutes(10))
    )
    func libusbSuiteUnderUMockdev() throws {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("swift-uwb-umockdev-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
            throw HarnessError(description: "cannot create \(output.path)")
        }
        defer { try? FileManager.default.removeItem(at: output) }
        let logHandle = try FileHandle(forWritingTo: output)
        defer { try? logHandle.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--testing-library", "swift-testing", "--filter", "LibUSBUnderUMockdevTests"]
        var environment = ProcessInfo.processInfo.environment
        environment[UMockdevEnvironment.childVariable] = "1"
        environment["LD_PRELOAD"] = [UMockdevEnvironment.preloadLibrary, environment["LD_PRELOAD"]]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ":")
        process.environment = environment
        process.standardOutput = logHandle
        process.standardError = logHandle
        let started = ContinuousClock.now
        try process.run()
        let deadline = started + .seconds(150)
        while process.isRunning && ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        let elapsed = ContinuousClock.now - started
        let log = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        #expect(process.terminationReason == .exit && process.terminationStatus == 0,
                "umockdev child failed (status \(process.terminationStatus), \(elapsed)):\n\(log)")
        // The child must really have run the suite, not skipped or filtered everything out.
        #expect(log.contains("LibUSBUnderUMockdevTests") || log.contains("UWBUSB over real libusb"),
                "the child's output does not mention the inner suite:\n\(log)")
        #expect(!log.contains("skipped"), "the child skipped tests:\n\(log)")
        print("umockdev child finished in \(elapsed):\n\(log)")
    }
}
