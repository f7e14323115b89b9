import Foundation

/// Shows the live view's frames on standard output.
///
/// On a terminal each frame replaces the previous one (cursor home, clear screen) and the cursor is
/// hidden between ``begin()`` and ``end()``. Otherwise (a pipe or a file) frames follow one another,
/// separated by a blank line, with no control codes at all.
struct DemoTerminal: Sendable {
    /// Moves the cursor to the top-left corner and clears the screen.
    static let homeAndClear = "\u{1B}[H\u{1B}[2J"

    /// Hides the cursor.
    static let hideCursor = "\u{1B}[?25l"

    /// Shows the cursor again.
    static let showCursor = "\u{1B}[?25h"

    /// Whether the output is a terminal, which decides between redrawing and appending.
    let isTerminal: Bool

    /// Where the text goes.
    private let write: @Sendable (String) -> Void

    /// Whether a frame was shown already (to separate the next one when appending).
    private var hasShownFrame = false

    /// A terminal writing to standard output, redrawing when standard output is a terminal.
    init() {
        self.init(isTerminal: isatty(STDOUT_FILENO) == 1) { text in
            print(text, terminator: "")
            fflush(nil)
        }
    }

    /// A terminal that hands its text to `write`, redrawing when `isTerminal` (for tests).
    init(isTerminal: Bool, write: @escaping @Sendable (String) -> Void) {
        self.isTerminal = isTerminal
        self.write = write
    }

    /// Call once before the first frame: hides the cursor on a terminal.
    func begin() {
        if isTerminal {
            write(Self.hideCursor)
        }
    }

    /// Shows a frame (as ``DemoView`` renders it, without a final newline).
    mutating func show(_ frame: String) {
        if isTerminal {
            write(Self.homeAndClear + frame + "\n")
        } else {
            write((hasShownFrame ? "\n" : "") + frame + "\n")
        }
        hasShownFrame = true
    }

    /// Call once after the last frame: shows the cursor again on a terminal.
    func end() {
        if isTerminal {
            write(Self.showCursor)
        }
    }
}
