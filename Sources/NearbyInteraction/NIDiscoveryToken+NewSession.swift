extension NIDiscoveryToken {
    /// A token for a new session: a fresh random token identifier and a fresh random usable short
    /// address drawn from `generator`, and the local radio's `capabilities`. Nothing in it is derived
    /// from the device, so two sessions' tokens share only the format version and the capabilities.
    package static func makeForNewSession(
        capabilities: NIRadioCapability,
        using generator: inout some RandomNumberGenerator
    ) -> NIDiscoveryToken {
        let identifier = TokenIdentifier(using: &generator)
        var address = UInt16.random(in: 0...UInt16.max, using: &generator)
        while !DiscoveryTokenContent.isUsableShortAddress(address) {
            address = UInt16.random(in: 0...UInt16.max, using: &generator)
        }
        return NIDiscoveryToken(
            content: DiscoveryTokenContent(identifier: identifier, shortAddress: address, capabilities: capabilities)
        )
    }

    /// A token for a new session, drawn from the system's cryptographically secure generator.
    package static func makeForNewSession(capabilities: NIRadioCapability) -> NIDiscoveryToken {
        var generator = SystemRandomNumberGenerator()
        return makeForNewSession(capabilities: capabilities, using: &generator)
    }
}
