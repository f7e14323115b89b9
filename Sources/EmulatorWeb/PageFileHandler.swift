import NIOCore
import NIOHTTP1
import NIOPosix
import UWBEmulatorService

/// Answers the HTTP requests that are not the stream's upgrade: `GET` of a ``PageFile``, or of a
/// ``PageDownload`` (made on the server's command thread, never on the event loop: the room's
/// files wait for its lock), 404 for any other path (the stream's path without an upgrade
/// included) or a download the run does not have, 405 for any other method.
final class PageFileHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// An answer: status, headers besides the length, and body.
    private struct Response {
        var status: HTTPResponseStatus
        var headers: HTTPHeaders
        var body: [UInt8]

        /// A line of text.
        static func text(_ status: HTTPResponseStatus, _ line: String) -> Response {
            Response(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array((line + "\n").utf8))
        }
    }

    private let room: any WebRoom
    private let pool: NIOThreadPool
    private var request: HTTPRequestHead?

    /// A handler serving the page's files and `room`'s downloads, made on `pool`.
    init(room: any WebRoom, pool: NIOThreadPool) {
        self.room = room
        self.pool = pool
    }

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
        if request.method != .GET {
            var response = Response.text(.methodNotAllowed, "\(request.method) is not served here; the page answers GET only")
            response.headers.add(name: "Allow", value: "GET")
            write(response, to: request, context: context)
        } else if let file = PageFile.byPath[target.path] {
            write(
                Response(status: .ok, headers: ["Content-Type": file.contentType, "Cache-Control": "no-cache"], body: file.bytes),
                to: request, context: context)
        } else if let download = PageDownload.byPath[target.path] {
            let room = room
            pool.runIfActive(eventLoop: context.eventLoop) {
                Result { () throws(RoomFileError) in try room.file(download.file) }
            }.assumeIsolated().whenComplete { [self] outcome in
                let response: Response =
                    switch outcome {
                    case .success(.success(let contents)):
                        Response(
                            status: .ok,
                            headers: [
                                "Content-Type": download.contentType, "Cache-Control": "no-store",
                                "Content-Disposition": PageDownload.disposition(of: contents.fileName),
                            ],
                            body: contents.bytes)
                    case .success(.failure(let refusal)):
                        .text(.notFound, "\(target.path): \(refusal.description)")
                    case .failure:
                        .text(.serviceUnavailable, "\(target.path): the server is stopping")
                    }
                write(response, to: request, context: context)
            }
        } else {
            let hint = target.path == "/stream" ? " without a WebSocket upgrade; the page connects to it as a WebSocket" : ""
            write(.text(.notFound, "\(target.path)\(hint): not found; the room's page is at /"), to: request, context: context)
        }
    }

    private func write(_ response: Response, to request: HTTPRequestHead, context: ChannelHandlerContext) {
        var headers = response.headers
        headers.add(name: "Content-Length", value: String(response.body.count))
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        let keepAlive = request.isKeepAlive
        if !keepAlive {
            headers.add(name: "Connection", value: "close")
        }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: response.status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: response.body)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            if !keepAlive {
                context.close(promise: nil)
            }
        }
    }
}
