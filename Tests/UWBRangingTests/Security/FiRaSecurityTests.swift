import Testing
@testable import UWBRanging

/// Octets from hex with optional spaces.
private func hex(_ text: String) -> [UInt8] {
    let digits = Array(text.filter { !$0.isWhitespace })
    return stride(from: 0, to: digits.count, by: 2).compactMap { UInt8(String(digits[$0...$0 + 1]), radix: 16) }
}

/// AES-CMAC against RFC 4493 §4's four examples (key 2b7e1516…, messages of 0, 16, 40 and 64 octets).
@Suite("AES-CMAC: RFC 4493's examples")
struct AESCMACTests {
    static let key = hex("2b7e1516 28aed2a6 abf71588 09cf4f3c")
    static let message = hex("""
        6bc1bee2 2e409f96 e93d7e11 7393172a ae2d8a57 1e03ac9c 9eb76fac 45af8e51
        30c81c46 a35ce411 e5fbc119 1a0a52ef f69f2445 df4f9b17 ad2b417b e66c3710
        """)

    @Test("the tags of the 0-, 16-, 40- and 64-octet messages are RFC 4493's", arguments: [
        (0, "bb1d6929 e9593728 7fa37d12 9b756746"), (16, "070a16b4 6b4d4144 f79bdd9d d04a287c"),
        (40, "dfa66747 de9ae630 30ca3261 1497c827"), (64, "51f0bebf 7e3b9d92 fc497417 79363cfe"),
    ])
    func example(length: Int, expected: String) throws {
        #expect(try AESCMAC.tag(key: Self.key, message: Array(Self.message.prefix(length))) == hex(expected))
    }
}

/// FiRa's key schedule and frame protection against the FiRa UWB MAC Technical Requirements 1.3.0
/// test vectors, as Qorvo's GPLv2 "UWB stack for linux" runs them (`mac/fira_crypto.c`,
/// `fira_crypto_test_static` and `fira_crypto_test_provisioned`; read at ynkan/uwb
/// aae2106a1798127811e182f11994bcb6e26c8103): the vectors are the specification's, the code here our own.
@Suite("FiRa MAC 1.3.0 security test vectors")
struct FiRaSecurityVectorTests {
    /// Both vectors' configuration: DS-TWR deferred, one-to-one, channel 9, slot 2000, CRC-16,
    /// SP3, preamble code 10, SFD 2, 6.81 Mbps, 64-symbol preamble, session 0x01234567; STS_CONFIG
    /// 0 (static) or 1.
    static func configuration(stsConfig: UInt8) -> FiRaConfigurationDigest {
        FiRaConfigurationDigest(
            rangingRoundUsage: 2, stsConfig: stsConfig, multiNodeMode: 0, channel: 9, slotDuration: 2000, macFCSType: 0,
            rframeConfig: 3, preambleCodeIndex: 10, sfdID: 2, psduDataRate: 0, preambleDuration: 1, sessionID: 0x0123_4567)
    }

    /// The ranging control message of both vectors, in clear: a 28-octet header, then the payload.
    static func rcm(header: String) -> [UInt8] {
        hex(header) + hex("003f 1b90ff185a 03050000 03425501 04445503 07425505 09425509 0a44550b")
    }

    @Test("static STS: the digest, data protection key, rotation keys, initial STS index and STS V and key")
    func staticKeys() throws {
        let configuration = Self.configuration(stsConfig: 0)
        #expect(configuration.octets == hex("02 00 00 09 07d0 00 03 0a 02 00 01 03 01234567"))
        let schedule = try FiRaKeySchedule(mode: .staticSTS(vUpper64: hex("0001020304050607")), configuration: configuration)
        #expect(schedule.configurationDigest == hex("a04390cf 8a33f6eb 7e2fc378 87b6b2a3"))
        #expect(schedule.dataProtectionKey == hex("f3216c87 d0c6932e 3957b481 fab8b209"))
        #expect(schedule.privacyKey == nil)
        #expect(schedule.phySTSIndexInit == 0x0B9B_BE78)
        let rotation = try schedule.rotation(atCryptoSTSIndex: 0)
        #expect(rotation.authenticationIV == hex("8b54376e 7cd7a5d6 6bd12000 97274119"))
        #expect(rotation.authenticationKey == hex("dd9897f2 b85c9dc8 a7dec01c ca5b61db"))
        #expect(rotation.payloadKey == hex("a55fab83 b620f9f6 a47cdb72 917c738a"))
        #expect(rotation.stsV(cryptoSTSIndex: 0) == hex("00010203 04050607 00000000 17274119"))
        #expect(rotation.stsKey == rotation.authenticationKey)
    }

    @Test("static STS: the RCM's payload encrypted and its MIC, and back; an altered MIC is refused")
    func staticFrame() throws {
        let schedule = try FiRaKeySchedule(mode: .staticSTS(vUpper64: hex("0001020304050607")), configuration: Self.configuration(stsConfig: 0))
        let protection = try FiRaFrameProtection(payloadKey: try schedule.rotation(atCryptoSTSIndex: 0).payloadKey)
        let clear = Self.rcm(header: "492ba2aa 261300ff 185a0808 08080808 08086745 230178be 9b0b")
        let protected = hex("""
            492ba2aa 261300ff 185a0808 08080808 08086745 230178be 9b0b003f cba4fd37 d1994488 7c2bec2e 1a998e80 617c44b5
            e8e3f335 3ab9f229 1b804bba e1a92a20 28
            """)
        #expect(try protection.protect(clear, headerLength: 28, sourceShortAddress: 0xAAA1, cryptoSTSIndex: 0) == protected)
        #expect(try protection.open(protected, headerLength: 28, sourceShortAddress: 0xAAA1, cryptoSTSIndex: 0) == clear)
        var altered = protected
        altered[altered.count - 1] &+= 1
        #expect(throws: FiRaSecurityError.authenticationFailed) {
            try protection.open(altered, headerLength: 28, sourceShortAddress: 0xAAA1, cryptoSTSIndex: 0)
        }
        // The old vector's header has security control 0x20: protecting sets it to 0x26.
        var old = clear
        old[4] = 0x20
        #expect(try protection.protect(old, headerLength: 28, sourceShortAddress: 0xAAA1, cryptoSTSIndex: 0) == protected)
    }

    @Test("provisioned STS: the digest, data protection and privacy keys, initial STS index, rotation keys and STS V")
    func provisionedKeys() throws {
        let schedule = try FiRaKeySchedule(
            mode: .provisioned(sessionKey: Array("DynamicSTSNoRot0".utf8)), configuration: Self.configuration(stsConfig: 1))
        #expect(schedule.configurationDigest == hex("089366ba fb3b24bf d2933377 61b88fc3"))
        #expect(schedule.privacyKey == hex("3a4bab18 744aee93 8650f1a0 3f585a49"))
        #expect(schedule.dataProtectionKey == hex("67f7027e a62d84a5 e1a8d7b8 b8acaeaf"))
        #expect(schedule.phySTSIndexInit == 0x041F_3BA0)
        let rotation = try schedule.rotation(atCryptoSTSIndex: schedule.phySTSIndexInit)
        #expect(rotation.authenticationIV == hex("fa326fed 87d2ef7e b680b2d6 d119a9b8"))
        #expect(rotation.authenticationKey == hex("91a2de58 ff3b5e85 153358d6 156464ff"))
        #expect(rotation.payloadKey == hex("97e4ab69 6177bb39 9277b835 9fa55d19"))
        #expect(rotation.stsV(cryptoSTSIndex: 0x041F_3BA0) == hex("fa326fed 87d2ef7e 041f3ba0 5119a9b8"))
    }

    @Test("provisioned STS: the header IE encrypted under the privacy key, the RCM protected, and both back")
    func provisionedFrame() throws {
        let schedule = try FiRaKeySchedule(
            mode: .provisioned(sessionKey: Array("DynamicSTSNoRot0".utf8)), configuration: Self.configuration(stsConfig: 1))
        let privacy = try FiRaHeaderPrivacy(privacyKey: try #require(schedule.privacyKey))
        let header = hex("492ba2aa 261300ff 185a0808 08080808 08086745 2301a03b 1f04")
        let hidden = hex("492ba2aa 261300ff 185a846c a43c52fb b02b56a9 879db04e 4e03")
        // The IE's content: after the IE header (2) and OUI (3) from offset 5, 16 octets.
        #expect(try privacy.encrypt(header, offset: 10, length: 16) == hidden)
        #expect(try privacy.decrypt(hidden, offset: 10, length: 16) == header)
        let protection = try FiRaFrameProtection(payloadKey: try schedule.rotation(atCryptoSTSIndex: 0x041F_3BA0).payloadKey)
        let clear = Self.rcm(header: "492ba2aa 261300ff 185a846c a43c52fb b02b56a9 879db04e 4e03")
        let protected = hex("""
            492ba2aa 261300ff 185a846c a43c52fb b02b56a9 879db04e 4e03003f 8276e044 f378abbe d239867e d2fe5c9d cd131d1f
            6338f1f7 9db18471 727a10fc 80047edb 0f
            """)
        #expect(try protection.protect(clear, headerLength: 28, sourceShortAddress: 0xAAA1, cryptoSTSIndex: 0x041F_3BA0) == protected)
        #expect(try protection.open(protected, headerLength: 28, sourceShortAddress: 0xAAA1, cryptoSTSIndex: 0x041F_3BA0) == clear)
        // Another index's nonce does not open it.
        #expect(throws: FiRaSecurityError.authenticationFailed) {
            try protection.open(protected, headerLength: 28, sourceShortAddress: 0xAAA1, cryptoSTSIndex: 0x041F_3BA1)
        }
    }

    @Test("keys, vUpper64s, frames and header spans of the wrong size are refused, saying what is wrong")
    func refusals() throws {
        let configuration = Self.configuration(stsConfig: 1)
        #expect(throws: FiRaSecurityError.wrongKeyLength(15)) {
            try FiRaKeySchedule(mode: .provisioned(sessionKey: [UInt8](repeating: 1, count: 15)), configuration: configuration)
        }
        #expect(throws: FiRaSecurityError.wrongVUpperLength(6)) {
            try FiRaKeySchedule(mode: .staticSTS(vUpper64: [1, 2, 3, 4, 5, 6]), configuration: configuration)
        }
        let protection = try FiRaFrameProtection(payloadKey: [UInt8](repeating: 0, count: 16))
        #expect(throws: FiRaSecurityError.frameTooShort(length: 30, needed: 36)) {
            try protection.open([UInt8](repeating: 0, count: 30), headerLength: 28, sourceShortAddress: 1, cryptoSTSIndex: 0)
        }
        let privacy = try FiRaHeaderPrivacy(privacyKey: [UInt8](repeating: 0, count: 16))
        #expect(throws: FiRaSecurityError.headerIEOutOfFrame(offset: 10, length: 16, frameLength: 20)) {
            try privacy.encrypt([UInt8](repeating: 0, count: 20), offset: 10, length: 16)
        }
        #expect(FiRaSecurityError.wrongVUpperLength(6).description.contains("VENDOR_ID"))
    }
}
