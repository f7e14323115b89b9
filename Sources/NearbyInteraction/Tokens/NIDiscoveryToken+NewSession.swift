import Crypto

extension NIDiscoveryToken {
    /// A token for a new session and the private key of its key share: a fresh random token
    /// identifier, a fresh random usable short address and a fresh P-256 key pair drawn from
    /// `generator`, and the local radio's `capabilities`. Nothing in it is derived from the
    /// device, so two sessions' tokens share only the format version and the capabilities.
    package static func makeSession(
        capabilities: NIRadioCapability,
        using generator: inout some RandomNumberGenerator
    ) -> (token: NIDiscoveryToken, privateKey: P256.KeyAgreement.PrivateKey) {
        let identifier = TokenIdentifier(using: &generator)
        var address = UInt16.random(in: 0...UInt16.max, using: &generator)
        while !DiscoveryTokenContent.isUsableShortAddress(address) {
            address = UInt16.random(in: 0...UInt16.max, using: &generator)
        }
        let privateKey = drawPrivateKey(using: &generator)
        let content = DiscoveryTokenContent(
            identifier: identifier, shortAddress: address, capabilities: capabilities,
            publicKeyShare: Array(privateKey.publicKey.compressedRepresentation))
        return (NIDiscoveryToken(content: content), privateKey)
    }

    /// A token for a new session, as ``makeSession(capabilities:using:)`` draws it, without its key.
    package static func makeForNewSession(
        capabilities: NIRadioCapability,
        using generator: inout some RandomNumberGenerator
    ) -> NIDiscoveryToken {
        makeSession(capabilities: capabilities, using: &generator).token
    }

    /// A token that names a device of the accessory protocol, which has no session token of its
    /// own (an accessory, or an Android phone): its identifier the first 16 octets of the SHA-256
    /// of `octets` (the data the device described itself with: the same data, the same token), its
    /// short address `shortAddress`, no key share (the accessory protocol ranges with a static STS,
    /// not with the tokens' keys).
    package static func naming(_ octets: [UInt8], shortAddress: UInt16, capabilities: NIRadioCapability) -> NIDiscoveryToken {
        NIDiscoveryToken(content: DiscoveryTokenContent(
            identifier: TokenIdentifier(digestOf: octets), shortAddress: shortAddress, capabilities: capabilities, publicKeyShare: []))
    }

    /// A token for a new session, drawn from the system's cryptographically secure generator.
    package static func makeForNewSession(capabilities: NIRadioCapability) -> NIDiscoveryToken {
        var generator = SystemRandomNumberGenerator()
        return makeForNewSession(capabilities: capabilities, using: &generator)
    }

    /// A P-256 private key whose scalar is 32 octets drawn from `generator`, drawn again in the
    /// rare case (about 2⁻³² of draws) that they are not a valid scalar (zero, or at least the
    /// group order).
    private static func drawPrivateKey(using generator: inout some RandomNumberGenerator) -> P256.KeyAgreement.PrivateKey {
        while true {
            let scalar = (0..<4).flatMap { _ in
                let word = generator.next()
                return (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) }
            }
            if let key = try? P256.KeyAgreement.PrivateKey(rawRepresentation: scalar) {
                return key
            }
        }
    }
}
