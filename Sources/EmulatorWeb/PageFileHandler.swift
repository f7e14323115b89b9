import NIOCore
import NIOHTTP1

/// Answers the HTTP requests that are not the stream's upgrade: `GET` of a ``PageFile``, 404 for
/// any other path (the stream's path without an upgrade included), 405 for any other method.
final class PageFileHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private var request: HTTPRequestHead?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            request = head
        case .body:
            break
        case .end:
            guard let request else { return }
            self.request = nil
            respond(to: request, context: context)
        }
    }

    private func respond(to request: HTTPRequestHead, context: ChannelHandlerContext) {
        let target = RequestTarget(request.uri)
        var headers = HTTPHeaders()
        let status: HTTPResponseStatus
        let body: [UInt8]
        if request.method != .GET {
            status = .methodNotAllowed
            headers.add(name: "Allow", value: "GET")
            body = Array("\(request.method) is not served here; the page answers GET only\n".utf8)
            headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        } else if let file = PageFile.byPath[target.path] {
            status = .ok
            body = file.bytes
            headers.add(name: "Content-Type", value: file.contentType)
            headers.add(name: "Cache-Control", value: "no-cache")
        } else {
            status = .notFound
            let hint = target.path == "/stream" ? " without a WebSocket upgrade; the page connects to it as a WebSocket" : ""
            body = Array("\(target.path)\(hint): not found; the room's page is at /\n".utf8)
            headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        }
        headers.add(name: "Content-Length", value: String(body.count))
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        let keepAlive = request.isKeepAlive
        if !keepAlive {
            headers.add(name: "Connection", value: "close")
        }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            if !keepAlive {
                context.close(promise: nil)
            }
        }
    }
}
