/// What scenarios an emulator service may load in place of its room (``EmulatorService/load(_:)``).
public struct LoadableScenarios: Hashable, Sendable {
    /// Their names; empty when it may load none.
    public var names: [String]
    /// Why it may load none (its run writes files that belong to one scenario), if so.
    public var refusal: String?

    /// A choice with the given contents.
    public init(names: [String], refusal: String?) {
        self.names = names
        self.refusal = refusal
    }
}
