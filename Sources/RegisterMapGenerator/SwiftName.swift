/// The mechanical mapping from User Manual mnemonics to Swift identifiers.
///
/// The mnemonic is split on `_`; each token becomes its first letter upper-cased and the rest
/// lower-cased. `upperCamel` joins all tokens (`SYS_STATUS` → `SysStatus`); `lowerCamel` lower-cases
/// the whole first token (`SYS_STATUS` → `sysStatus`, `DRX_TUNE0b` → `drxTune0b`, `RXFCG` → `rxfcg`).
enum SwiftName {
    /// Whether `mnemonic` is letters and digits in `_`-separated tokens, starting with a letter.
    static func isValidMnemonic(_ mnemonic: String) -> Bool {
        guard let first = mnemonic.unicodeScalars.first, isASCIILetter(first) else {
            return false
        }
        let tokens = mnemonic.split(separator: "_", omittingEmptySubsequences: false)
        return tokens.allSatisfy { token in
            !token.isEmpty && token.unicodeScalars.allSatisfy { isASCIILetter($0) || ("0"..."9").contains($0) }
        }
    }

    /// `SYS_STATUS` → `sysStatus`, back-quoted if it is a Swift keyword.
    static func lowerCamel(_ mnemonic: String) -> String {
        let tokens = mnemonic.split(separator: "_")
        let head = tokens.first.map { $0.lowercased() } ?? ""
        return escaped(head + tokens.dropFirst().map(capitalized).joined())
    }

    /// `SYS_STATUS` → `SysStatus`.
    static func upperCamel(_ mnemonic: String) -> String {
        mnemonic.split(separator: "_").map(capitalized).joined()
    }

    /// The identifier without back-quotes, for clash checks.
    static func bare(_ identifier: String) -> String {
        identifier.filter { $0 != "`" }
    }

    private static func capitalized(_ token: Substring) -> String {
        token.prefix(1).uppercased() + token.dropFirst().lowercased()
    }

    private static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// Swift keywords a lower-cased mnemonic could spell.
    private static let keywords: Set<String> = [
        "as", "break", "case", "catch", "class", "continue", "default", "defer", "do", "else", "enum",
        "extension", "fallthrough", "false", "for", "func", "guard", "if", "import", "in", "init",
        "inout", "internal", "is", "let", "nil", "operator", "private", "protocol", "public", "repeat",
        "return", "self", "static", "struct", "subscript", "super", "switch", "throw", "throws", "true",
        "try", "var", "where", "while",
    ]
}
