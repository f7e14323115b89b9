import NIOCore

/// Counts the frames a page sends in windows of wall time, so that a page that floods the server
/// is told apart from one that is merely busy.
struct MessageRate {
    /// The most frames allowed in one window.
    let limit: Int
    /// The window's length.
    let window: TimeAmount
    private var windowStart: NIODeadline?
    private var count = 0

    /// A rate that allows `limit` frames per `window`.
    init(limit: Int, per window: TimeAmount) {
        self.limit = limit
        self.window = window
    }

    /// Counts a frame that came at `now`; false if it is one more than the window allows.
    mutating func admit(at now: NIODeadline) -> Bool {
        if let windowStart, now - windowStart < window {
            count += 1
        } else {
            windowStart = now
            count = 1
        }
        return count <= limit
    }
}
