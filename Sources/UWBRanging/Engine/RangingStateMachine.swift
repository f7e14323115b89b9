/// A ranging role as a pure state machine: inputs in, commands out. ``Initiator`` and
/// ``Responder`` are the two; ``StateMachineRunner`` runs either on a radio.
public protocol RangingStateMachine: AnyObject {
    /// Takes one input and returns the commands it calls for, in order.
    func handle(_ input: RangingInput) -> [RangingCommand]
}

extension Initiator: RangingStateMachine {}

extension Responder: RangingStateMachine {}
