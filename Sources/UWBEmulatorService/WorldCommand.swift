import UWBCore
import UWBEmulator

/// Something a person does to the emulator service's world from outside it (the web page): each
/// takes effect at one virtual instant, between two events, and is recorded in the service's log of
/// moves so that a run can be replayed.
public enum WorldCommand: Hashable, Sendable {
    /// Puts a device at `to`, standing still there from now on (a device that walked a path stops).
    case move(device: String, to: Position)
    /// Turns a device to face `yaw` about the vertical axis, keeping its pitch and roll.
    case rotate(device: String, yaw: Angle)
    /// Stops virtual time; apps keep their turns but the world's clock does not move.
    case pause
    /// Lets virtual time run again.
    case resume
    /// While paused, runs the world for this much virtual time, then stands still again.
    case step(Duration)
    /// Sets the speed cap: at most this many virtual seconds per wall second; 0 as fast as the apps keep up.
    case speed(Double)
}
