/// What a virtual chip's transmitter is doing.
enum TransmitterState {
    /// Nothing.
    case idle
    /// A frame is scheduled or on the air; these events will finish it.
    case busy(events: [ScheduledEvent])
}

/// What a virtual chip's receiver is doing.
enum ReceiverState {
    /// Off.
    case off
    /// Waiting to turn on at a delayed start.
    case starting(event: ScheduledEvent, timeout: ScheduledEvent?)
    /// Hunting for a preamble from `from` on.
    case listening(from: SimulationTime, timeout: ScheduledEvent?)
    /// Locked onto a frame; `completion` finishes it (and carries the frame: the state itself
    /// stays small, so that setting it copies no ``Arrival``).
    case receiving(completion: ScheduledEvent, timeout: ScheduledEvent?)
}
