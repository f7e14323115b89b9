import Testing

/// `uwb uci serve`'s options that only mean something together: session handles exist in UCI 2.0 only.
@Suite("uwb uci serve options")
struct UCIServeOptionTests {
    @Test("--no-session-handles with UCI 1.1 is refused, naming why")
    func handlesOnlyInTwoDotZero() throws {
        let run = try CommandRun([
            "uci", "serve", "--scenario", "Docs/scenarios/two-devices-3m.json", "--uci-version", "1.1", "--no-session-handles",
        ])
        #expect(run.status == 64, "\(run.error)")
        #expect(run.error.contains("--no-session-handles is for UCI 2.0: UCI 1.1 has no session handles; leave it out"), "\(run.error)")
    }
}
