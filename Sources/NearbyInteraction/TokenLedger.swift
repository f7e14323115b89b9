import UWBCore

/// The tokens a device service issued, and the generator new ones come from.
struct TokenLedger {
    private var issued: Set<TokenIdentifier> = []
    /// A seeded generator for reproducible runs; `nil` uses the system's secure generator.
    private var seeded: SeededRandom?

    /// A ledger drawing from a generator seeded with `seed`, or from the system's if `seed` is nil.
    init(seed: UInt64?) {
        seeded = seed.map { SeededRandom(seed: $0) }
    }

    /// A new session's token, recorded as issued.
    mutating func issue(capabilities: NIRadioCapability) -> NIDiscoveryToken {
        let token: NIDiscoveryToken
        if var generator = seeded {
            token = NIDiscoveryToken.makeForNewSession(capabilities: capabilities, using: &generator)
            seeded = generator
        } else {
            token = NIDiscoveryToken.makeForNewSession(capabilities: capabilities)
        }
        issued.insert(token.content.identifier)
        return token
    }

    /// Whether a token with `identifier` was issued here.
    func contains(_ identifier: TokenIdentifier) -> Bool {
        issued.contains(identifier)
    }
}
