import UCI

/// What SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_CMD does to a one-to-many session's controlee
/// list (its DST_MAC_ADDRESS), controlee by controlee, as FiRa UCI 2.0 has it (and pica
/// `src/device.rs` implements it):
///
/// - add (action 0): a controlee already in the list (or earlier in the same command) is
///   ADDRESS_ALREADY_PRESENT and the command FAILED; one past ``UCIProtocolLimits/maximumControlees``
///   is MULTICAST_LIST_FULL and the command ERROR_MULTICAST_LIST_FULL; the others are added.
/// - add with a sub-session key (actions 2, 3; UCI 2.0): as add when STS_CONFIG is 4 (provisioned
///   with a responder-specific sub-session key); otherwise every controlee is
///   SUB_SESSION_KEY_NOT_APPLICABLE and the command FAILED.
/// - remove (action 1): a controlee not in the list is ADDRESS_NOT_FOUND and the command FAILED;
///   the others are removed.
struct UCIMulticastChange {
    /// The controlee list after the update.
    private(set) var list: [UInt16]
    /// The command's status.
    private(set) var status = UCIStatus.ok
    /// Each controlee of the command with its outcome, in the command's order, with its
    /// sub-session id.
    private(set) var outcomes: [UCIControleeStatus] = []
    /// Whether sub-session keys were refused (then the outcomes go in the notification).
    private(set) var keysRefused = false

    /// Applies `update` to `list`; `keysApplicable` says whether the session's STS_CONFIG takes
    /// sub-session keys.
    init(applying update: UCIMulticastListUpdate, to list: [UInt16], keysApplicable: Bool) {
        self.list = list
        if update.action.subSessionKeySize > 0, !keysApplicable {
            keysRefused = true
            status = .failed
            outcomes = update.controlees.map { outcome($0, .subSessionKeyNotApplicable) }
            return
        }
        for controlee in update.controlees {
            outcomes.append(update.action == .remove ? remove(controlee) : add(controlee))
        }
    }

    /// The controlees removed (an OK outcome of a remove).
    var removed: [UCIControleeStatus] { outcomes.filter { $0.status == .ok && !list.contains($0.shortAddress) } }

    /// Adds a controlee unless it is there already or the list is full; its outcome.
    private mutating func add(_ controlee: UCIMulticastControlee) -> UCIControleeStatus {
        guard !list.contains(controlee.shortAddress) else {
            status = .failed
            return outcome(controlee, .addressAlreadyPresent)
        }
        guard list.count < UCIProtocolLimits.maximumControlees else {
            status = .multicastListFull
            return outcome(controlee, .listFull)
        }
        list.append(controlee.shortAddress)
        return outcome(controlee, .ok)
    }

    /// Removes a controlee that is in the list; its outcome.
    private mutating func remove(_ controlee: UCIMulticastControlee) -> UCIControleeStatus {
        guard let index = list.firstIndex(of: controlee.shortAddress) else {
            status = .failed
            return outcome(controlee, .addressNotFound)
        }
        list.remove(at: index)
        return outcome(controlee, .ok)
    }

    /// A controlee's entry with `status`.
    private func outcome(_ controlee: UCIMulticastControlee, _ status: UCIMulticastUpdateStatus) -> UCIControleeStatus {
        UCIControleeStatus(shortAddress: controlee.shortAddress, subSessionID: controlee.subSessionID, status: status)
    }
}
