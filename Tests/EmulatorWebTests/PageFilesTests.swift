@testable import EmulatorWeb
import Testing

/// The page's files over HTTP: GET of the three files, 404 for anything else, 405 for other methods.
@Suite("Page files over HTTP")
struct PageFilesTests {
    /// The server's whole answer to `request` (sent with `Connection: close`).
    static func answer(_ method: String, _ path: String, port: Int) throws -> String {
        let socket = try TestSocket(port: port)
        try socket.write(Array("\(method) \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8))
        return String(decoding: try socket.readToEnd(), as: UTF8.self)
    }

    @Test("GET / and the page's script and style sheet: the embedded files with their types")
    func files() throws {
        let server = try RoomWebServer(room: try FakeRoom(), scenario: "test-room")
        defer { server.stop() }
        for (path, type, bytes) in [
            ("/", "text/html; charset=utf-8", PackageResources.index_html),
            ("/room.js?v=2", "text/javascript; charset=utf-8", PackageResources.room_js),
            ("/room.css", "text/css; charset=utf-8", PackageResources.room_css),
        ] {
            let answer = try Self.answer("GET", path, port: server.port)
            #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(path): \(answer)")
            #expect(answer.lowercased().contains("content-type: \(type)\r\n"), "\(path): \(answer)")
            #expect(answer.hasSuffix("\r\n\r\n" + String(decoding: bytes, as: UTF8.self)), "\(path)")
        }
    }

    @Test("anything else is 404, the stream without an upgrade included; other methods are 405")
    func refusals() throws {
        let server = try RoomWebServer(room: try FakeRoom(), scenario: "test-room")
        defer { server.stop() }
        for path in ["/index.htm", "/../etc/passwd", "/stream"] {
            let answer = try Self.answer("GET", path, port: server.port)
            #expect(answer.hasPrefix("HTTP/1.1 404 Not Found\r\n"), "\(path): \(answer)")
        }
        let post = try Self.answer("POST", "/", port: server.port)
        #expect(post.hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"), "\(post)")
        #expect(post.lowercased().contains("allow: get\r\n"))
    }

    @Test("a port in use is refused with what to do")
    func portInUse() throws {
        let server = try RoomWebServer(room: try FakeRoom(), scenario: "test-room")
        defer { server.stop() }
        #expect {
            _ = try RoomWebServer(room: try FakeRoom(), scenario: "test-room", settings: RoomWebSettings(port: server.port))
        } throws: { error in
            let description = (error as? RoomWebServerError)?.description ?? ""
            return description.hasPrefix("the room's web page cannot listen on 127.0.0.1 port \(server.port): ")
                && description.hasSuffix("choose another port (0 lets the system pick a free one) or another address")
        }
    }
}
