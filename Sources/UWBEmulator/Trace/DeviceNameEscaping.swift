/// Percent-encoding of device names inside the trace metadata comment, so that any name, even
/// one holding the comment's separators (space, `=`, `,`, `:`) or non-ASCII letters, survives a
/// round trip.
///
/// The scheme is RFC 3986 §2.1 percent-encoding restricted to names: the "unreserved" ASCII
/// characters of RFC 3986 §2.3 (`A`–`Z`, `a`–`z`, `0`–`9`, `-`, `.`, `_`, `~`) stand for
/// themselves; every other character is written as its UTF-8 octets, each as `%` followed by two
/// uppercase hexadecimal digits. So `bob:2` becomes `bob%3A2` and `é` becomes `%C3%A9`.
/// Decoding accepts either case of hexadecimal digit.
enum DeviceNameEscaping {
    /// Why an escaped name could not be decoded.
    enum DecodingError: Error {
        /// The character at UTF-8 position `index` may not appear unescaped.
        case unexpectedCharacter(index: Int)
        /// A `%` at UTF-8 position `index` is not followed by two hexadecimal digits.
        case incompleteEscape(index: Int)
        /// The decoded octets are not valid UTF-8.
        case invalidUTF8

        /// The problem in words, for ``TraceError/malformedMetadata(offset:reason:)``.
        var reason: String {
            switch self {
            case .unexpectedCharacter(let index):
                return "character \(index) of a device name must be percent-encoded"
            case .incompleteEscape(let index):
                return "the % at character \(index) of a device name needs two hexadecimal digits"
            case .invalidUTF8:
                return "a device name decodes to octets that are not UTF-8"
            }
        }
    }

    /// `name` with every octet outside the unreserved set percent-encoded.
    static func escape(_ name: String) -> String {
        var escaped = ""
        for octet in name.utf8 {
            if isUnreserved(octet) {
                escaped.unicodeScalars.append(Unicode.Scalar(octet))
            } else {
                escaped += "%" + hexDigit(octet >> 4) + hexDigit(octet & 0x0F)
            }
        }
        return escaped
    }

    /// The name that `escaped` encodes.
    static func unescape(_ escaped: Substring) throws(DecodingError) -> String {
        let octets = Array(escaped.utf8)
        var decoded: [UInt8] = []
        var index = 0
        while index < octets.count {
            let octet = octets[index]
            if octet == UInt8(ascii: "%") {
                guard index + 2 < octets.count,
                      let high = hexValue(octets[index + 1]),
                      let low = hexValue(octets[index + 2])
                else {
                    throw .incompleteEscape(index: index)
                }
                decoded.append(high << 4 | low)
                index += 3
            } else if isUnreserved(octet) {
                decoded.append(octet)
                index += 1
            } else {
                throw .unexpectedCharacter(index: index)
            }
        }
        guard let name = String(validating: decoded, as: UTF8.self) else {
            throw .invalidUTF8
        }
        return name
    }

    /// Whether `octet` is an RFC 3986 §2.3 unreserved character.
    private static func isUnreserved(_ octet: UInt8) -> Bool {
        switch octet {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// The uppercase hexadecimal digit for `nibble` (0–15).
    private static func hexDigit(_ nibble: UInt8) -> String {
        String(nibble, radix: 16, uppercase: true)
    }

    /// The value of the hexadecimal digit `octet`, or `nil` if it is not one.
    private static func hexValue(_ octet: UInt8) -> UInt8? {
        switch octet {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return octet - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return octet - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return octet - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
