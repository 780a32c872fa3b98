import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

#if Service
/// `liverules serve`: what the command does before serving (the server itself is tested in
/// LiveRulesPreviewTests).
struct ServeCommandTests {
    @Test func refusesAFolderWithoutPacks() throws {
        let outcome = try CLI.run(["serve", "no-such-folder", "--port", "0"])
        #expect(outcome.status == 2)
        #expect(outcome.errors == "no-such-folder: error: no pack here: a pack is a folder with a pack.json\n", "\(outcome.errors)")
    }

    @Test func refusesAPortInUse() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        #expect(bound && listen(socket, 1) == 0)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let outcome = try CLI.run(["serve", "rules", "--port", String(port)])
        #expect(outcome.status == 2)
        #expect(outcome.errors.hasSuffix("liverules: error: port \(port) is in use; pass --port N, or --port 0 for any free port\n"), "\(outcome.errors)")
    }
}
#else
/// `liverules serve` in a build without the `Service` trait says how to get one.
struct ServeCommandTests {
    @Test func saysHowToGetTheServer() throws {
        let outcome = try CLI.run(["serve", "rules"])
        #expect(outcome.status == 2)
        #expect(outcome.errors.contains("built without the service"))
    }
}
#endif
