/// What a page connected to the stream may do.
enum PageRole: Hashable, Sendable {
    /// It may steer the world: move and rotate devices, pause, resume, step, change the speed.
    case controller
    /// It only watches; `notice` says why, and is the message its commands are refused with.
    case observer(notice: String)
}
