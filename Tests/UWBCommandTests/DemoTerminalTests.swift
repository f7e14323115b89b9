import Synchronization
import Testing
@testable import uwb

/// What the terminal writes around frames, on a terminal and on a pipe.
@Suite("Demo terminal")
struct DemoTerminalTests {
    @Test("on a terminal: cursor hidden, each frame redrawn from home, cursor shown at the end")
    func terminal() {
        let output = Mutex("")
        var terminal = DemoTerminal(isTerminal: true) { text in output.withLock { $0 += text } }
        terminal.begin()
        terminal.show("one")
        terminal.show("two")
        terminal.end()
        #expect(output.withLock { $0 } == "\u{1B}[?25l\u{1B}[H\u{1B}[2Jone\n\u{1B}[H\u{1B}[2Jtwo\n\u{1B}[?25h")
    }

    @Test("elsewhere: frames separated by a blank line and no control codes")
    func pipe() {
        let output = Mutex("")
        var terminal = DemoTerminal(isTerminal: false) { text in output.withLock { $0 += text } }
        terminal.begin()
        terminal.show("one\nline 2")
        terminal.show("two")
        terminal.end()
        #expect(output.withLock { $0 } == "one\nline 2\n\ntwo\n")
    }
}
