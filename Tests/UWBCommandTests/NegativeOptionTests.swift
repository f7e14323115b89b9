import Testing

/// A negative number given to a numeric option reaches the command's own check, which says what
/// to give, instead of being taken for an option name ("Missing value for '--speed <speed>'").
@Suite("Negative numbers for numeric options")
struct NegativeOptionTests {
    @Test("the command's own message, not a missing value", arguments: [
        (["uci", "serve", "--scenario", "Docs/scenarios/two-devices-3m.json", "--speed", "-1"],
         "--speed -1.0: give 0 (as fast as it can) or a positive number"),
        (["emulator", "serve", "--scenario", "Docs/scenarios/two-devices-3m.json", "--speed", "-2"],
         "--speed -2.0: give 0 (as fast as the apps keep up) or a positive number"),
        (["emulator", "serve", "--scenario", "Docs/scenarios/two-devices-3m.json", "--start-after-apps", "-1"],
         "--start-after-apps -1: give 0 or a positive number of apps"),
        (["demo", "--speed", "-1"], "--speed -1.0: give 0 (as fast as possible) or a positive number"),
        (["demo", "--duration", "-5"], "--duration -5.0: give a number of seconds above 0 and at most 86400"),
        (["range", "--scenario", "Docs/scenarios/two-devices-3m.json", "--field-of-view", "-10"],
         "--field-of-view -10.0: give a half-angle in degrees above 0 and at most 180"),
        (["calibrate", "pdoa", "--device", "usb:A", "--peer", "usb:B", "--angle", "-95"],
         "--angle -95.0: give −90 … 90 degrees"),
    ])
    func ownMessage(arguments: [String], message: String) throws {
        let run = try CommandRun(arguments)
        #expect(run.status == 64, "\(run.error)")
        #expect(run.error.contains(message), "\(run.error)")
        #expect(!run.error.contains("Missing value"), "\(run.error)")
    }

    @Test("a negative value that is valid is taken: calibrate pdoa --angle -30 gets past its checks to the radios")
    func validNegative() throws {
        let run = try CommandRun(["calibrate", "pdoa", "--device", "usb:A", "--peer", "usb:B", "--angle", "-30"])
        // No board with serial A: a failure of the run (status 1) naming it, not of the arguments (64).
        #expect(run.status == 1, "\(run.error)")
        #expect(run.error.contains("--device usb:A"), "\(run.error)")
        #expect(!run.error.contains("--angle"), "\(run.error)")
    }
}
