/// What a virtual chip's transmitter is doing.
enum TransmitterState {
    /// Nothing.
    case idle
    /// A frame is scheduled or on the air; these events will finish it.
    case busy(events: [ScheduledEvent])

    /// Whether a frame is scheduled or on the air.
    var isBusy: Bool {
        if case .busy = self { true } else { false }
    }
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

    /// Whether the receiver is hunting for a preamble, or will from a time already set.
    var isHunting: Bool {
        if case .listening = self { return true }
        return false
    }

    /// Whether the receiver is on: hunting for a preamble or receiving a frame.
    var isOn: Bool {
        switch self {
        case .listening, .receiving: true
        case .off, .starting: false
        }
    }
}
