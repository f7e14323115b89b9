import UCI

extension UCIMessageHeader {
    /// Whether this header and `other` are of the same command (group and opcode), whatever their
    /// message types: how a response is matched to the command it answers.
    func sameCommand(as other: UCIMessageHeader) -> Bool {
        guard case .control(_, let group, let opcode) = self, case .control(_, let otherGroup, let otherOpcode) = other else {
            return false
        }
        return group == otherGroup && opcode == otherOpcode
    }
}
