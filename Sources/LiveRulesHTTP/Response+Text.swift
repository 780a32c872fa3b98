#if Studio || Service
import Foundation
import Hummingbird
import NIOCore

extension Response {
    /// A response of `text` as `type`, with `status`.
    package static func text(_ text: String, type: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: type], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}

extension Data {
    /// The readable bytes of `buffer` (a request body collected).
    package init(buffer: ByteBuffer) {
        self.init(buffer.readableBytesView)
    }
}
#endif
