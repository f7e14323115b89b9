import Synchronization

/// The short addresses of the live tokens this process drew from the system's generator, shared by
/// every device service of the process, so that no two of them are alike.
///
/// Two tokens with one short address cannot range together (``SessionPairing``). Drawn
/// independently, two tokens share one with a chance of 1 in 65 534; programs that pair radios of
/// their own process (`uwb calibrate`, several services in one app) would meet it now and then.
/// Tokens drawn from a seeded generator are left out: their draws must not depend on what else
/// the process runs.
enum LiveShortAddresses {
    /// How many addresses are kept unique at most: past it (a process with tens of thousands of
    /// live sessions), a new token takes its draw as it is rather than search a nearly full space.
    static let limit = 32_768

    private static let claimed = Mutex<Set<UInt16>>([])

    /// Claims `address` for a new token: false if a live token of this process has it.
    static func claim(_ address: UInt16) -> Bool {
        claimed.withLock { claimed in
            claimed.count >= limit || claimed.insert(address).inserted
        }
    }

    /// Gives `address` back once its token is retired.
    static func release(_ address: UInt16) {
        claimed.withLock { _ = $0.remove(address) }
    }
}
