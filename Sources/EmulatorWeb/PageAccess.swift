import NIOCore

/// The control rules (Docs/emulator-web.md, "Control"): whether a page may steer the world, from
/// its stream's address, where it connects from and where the server listens. One controller at a
/// time is ``StreamHub``'s part.
struct PageAccess: Sendable {
    /// The token a page passes (`token=`) to control a server that listens beyond loopback.
    let token: String
    /// Whether the server listens on a loopback address only.
    let listensOnLoopback: Bool

    /// A fresh control token: 128 random bits as 32 hexadecimal digits.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let word = String(generator.next() as UInt32, radix: 16)
            return String(repeating: "0", count: 8 - word.count) + word
        }.joined()
    }

    /// Whether `address` is a loopback address (127.0.0.0/8, ::1, or 127.x mapped into IPv6).
    static func isLoopback(_ address: SocketAddress?) -> Bool {
        guard let ip = address?.ipAddress else { return false }
        return ip.hasPrefix("127.") || ip == "::1" || ip.hasPrefix("::ffff:127.")
    }

    /// The role a page may have that asks for `target` from `peer`, naming the server `host` (the
    /// request's `Host`) and coming from `origin` (its `Origin`, which browsers send):
    /// ``PageRole/controller`` if it may steer the world (another page may still hold control),
    /// else an observer with why.
    ///
    /// Without the token, a page on loopback must also name the server by a loopback name, and
    /// come from the server's own page if it says where it comes from: a page of another site open
    /// in the same browser (or one that renamed itself to this host's address) only observes.
    func role(asking target: RequestTarget, from peer: SocketAddress?, host: String?, origin: String?) -> PageRole {
        if target.parameters["observe"] != nil {
            return .observer(notice: "this page observes, as its address asks (observe); open it without observe to steer the world")
        }
        switch target.parameters["token"] {
        case token?:
            return .controller
        case .some:
            return .observer(notice: "this page's token is not the server's (each start prints a new one); this page observes")
        case nil:
            guard listensOnLoopback, Self.isLoopback(peer) else {
                return .observer(notice:
                    "the server listens beyond loopback, so only a page opened with the token printed at its start may steer the world; this page observes")
            }
            guard let host, Self.isLoopbackName(host), origin == nil || origin == "http://" + host else {
                return .observer(notice:
                    "this page does not come from the server's own address (\(origin ?? "no origin"), host \(host ?? "none")); open the address printed at the start to steer the world")
            }
            return .controller
        }
    }

    /// Whether `host` (a `Host` header: a name or address, maybe with a port) names this host by loopback.
    static func isLoopbackName(_ host: String) -> Bool {
        let name: Substring
        if host.hasPrefix("[") {
            name = host.dropFirst().prefix { $0 != "]" }
        } else {
            name = host.prefix { $0 != ":" }
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        let isLoopbackIPv4 = parts.count == 4 && parts.first == "127" && parts.allSatisfy { UInt8($0) != nil }
        return name == "localhost" || name == "::1" || isLoopbackIPv4
    }

    /// The notice of a page that may control but finds another in control.
    static let controlTaken = "another page controls the world; this page observes (reload it once that page has closed to take control)"
}
