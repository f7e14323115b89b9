/// A step of a ``ScriptedHost``'s script that the server answered otherwise than it should.
package enum ScriptedHostError: Error, CustomStringConvertible {
    /// What was expected and what came.
    case unexpected(String)

    /// The step and the answer.
    package var description: String {
        switch self {
        case .unexpected(let what): "UCI script: \(what)"
        }
    }
}
