import Crypto
import UWBCore
import UWBRanging

/// The tokens a device service issued, the private keys of those still alive, the protections of
/// their sessions, and the generator new tokens come from.
struct TokenLedger {
    /// Every token identifier issued here, retired or not.
    private var issued: Set<TokenIdentifier> = []
    /// The private keys of the tokens not retired.
    private var privateKeys: [TokenIdentifier: P256.KeyAgreement.PrivateKey] = [:]
    /// Each live session's protection towards each peer token it ran with: kept across pause and
    /// run, so frame counters go on where they stopped.
    private var protections: [Pair: LinkProtection] = [:]
    /// Each live session's STS towards each peer token it ran with, derived with its protection.
    private var secureTimestamps: [Pair: SecureTimestampConfiguration] = [:]
    /// What the protections of retired sessions dropped, by reason.
    private var retiredRejections: [FrameRejection: Int] = [:]
    /// A seeded generator for reproducible runs; `nil` uses the system's secure generator.
    private var seeded: SeededRandom?
    /// The short addresses claimed in ``LiveShortAddresses`` by the tokens not retired (those drawn
    /// from the system's generator).
    private var claimedAddresses: [TokenIdentifier: UInt16] = [:]

    /// A session's token and a peer token it runs with.
    private struct Pair: Hashable {
        let local: TokenIdentifier
        let peer: DiscoveryTokenContent
    }

    /// A ledger drawing from a generator seeded with `seed`, or from the system's if `seed` is nil.
    init(seed: UInt64?) {
        seeded = seed.map { SeededRandom(seed: $0) }
    }

    /// A new session's token, recorded as issued with its private key.
    mutating func issue(capabilities: NIRadioCapability) -> NIDiscoveryToken {
        var session: (token: NIDiscoveryToken, privateKey: P256.KeyAgreement.PrivateKey)
        if var generator = seeded {
            session = NIDiscoveryToken.makeSession(capabilities: capabilities, using: &generator)
            seeded = generator
        } else {
            var generator = SystemRandomNumberGenerator()
            repeat {
                session = NIDiscoveryToken.makeSession(capabilities: capabilities, using: &generator)
            } while !LiveShortAddresses.claim(session.token.content.shortAddress)
            claimedAddresses[session.token.content.identifier] = session.token.content.shortAddress
        }
        let identifier = session.token.content.identifier
        issued.insert(identifier)
        privateKeys[identifier] = session.privateKey
        return session.token
    }

    /// `count` random octets from the ledger's generator (an accessory session's id and STS IV).
    mutating func randomOctets(_ count: Int) -> [UInt8] {
        if var generator = seeded {
            defer { seeded = generator }
            return (0..<count).map { _ in UInt8.random(in: 0...UInt8.max, using: &generator) }
        }
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...UInt8.max, using: &generator) }
    }

    /// Whether a token with `identifier` was issued here.
    func contains(_ identifier: TokenIdentifier) -> Bool {
        issued.contains(identifier)
    }

    /// The protection and STS of the session of `token` with `peer`, `role` being this side's:
    /// the ones made at an earlier run with the same peer token, or new ones from the two tokens' keys.
    ///
    /// - Throws: ``NIError/Code/invalidConfiguration`` for a retired or foreign `token`, or a peer
    ///   token whose key share is missing or invalid.
    mutating func protection(
        of token: NIDiscoveryToken, with peer: NIDiscoveryToken, role: RangingRole
    ) throws(NIError) -> (protection: LinkProtection, secureTimestamps: SecureTimestampConfiguration) {
        let pair = Pair(local: token.content.identifier, peer: peer.content)
        if let known = protections[pair], known.role == role, let sts = secureTimestamps[pair] {
            return (known, sts)
        }
        guard let privateKey = privateKeys[token.content.identifier] else {
            throw NIError(.invalidConfiguration, detail: "this session's token was retired when the session was invalidated; create a new NISession")
        }
        let secrets = try SessionKeyAgreement.secrets(privateKey: privateKey, local: token.content, peer: peer.content, role: role)
        let protection = LinkProtection(keys: secrets.keys, role: role)
        protections[pair] = protection
        secureTimestamps[pair] = secrets.secureTimestamps
        return (protection, secrets.secureTimestamps)
    }

    /// Forgets the private key and the protections of the session of `identifier`, which ended:
    /// its keys are never used again.
    mutating func retire(_ identifier: TokenIdentifier) {
        privateKeys[identifier] = nil
        if let address = claimedAddresses.removeValue(forKey: identifier) {
            LiveShortAddresses.release(address)
        }
        for (pair, protection) in protections where pair.local == identifier {
            retiredRejections.merge(protection.rejections, uniquingKeysWith: +)
            protections[pair] = nil
            secureTimestamps[pair] = nil
        }
    }

    /// Gives back the short addresses of the tokens not retired: their service is gone.
    mutating func releaseAddresses() {
        for address in claimedAddresses.values {
            LiveShortAddresses.release(address)
        }
        claimedAddresses = [:]
    }

    /// The frames every session's protection dropped, retired sessions' included, by reason.
    var rejections: [FrameRejection: Int] {
        protections.values.reduce(into: retiredRejections) { $0.merge($1.rejections, uniquingKeysWith: +) }
    }
}
