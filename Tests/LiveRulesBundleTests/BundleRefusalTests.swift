#if Service
import Foundation
import LiveRules
@testable import LiveRulesBundle
import TestPacks
import Testing

/// Every way a server refuses a bundle: each is refused whole, naming the file inside the bundle
/// and what is wrong with it.
@Suite struct BundleRefusalTests {
    let keys: BundleKeys
    let good: PackBundle
    typealias Files = [(path: String, bytes: Data)]

    init() throws {
        keys = try BundleKeys()
        good = try PackBundle(pack: Paths.rules.appendingPathComponent("meetings"), displayPath: "rules/meetings", key: try keys.signing)
    }

    /// The error of opening `archive` with the test's key.
    func refusal(_ archive: Data, keys verifyKeys: [VerifyKey]? = nil) throws -> BundleError {
        let verifyKeys = try verifyKeys ?? [keys.verify]
        do {
            _ = try OpenedBundle(archive: archive, keys: verifyKeys)
        } catch {
            return error
        }
        Issue.record("the bundle was accepted")
        return BundleError("accepted")
    }

    /// The good bundle's files changed by `change`, archived again.
    func rewritten(_ change: (inout Files) throws -> Void) throws -> Data {
        var files = try TarReader.files(of: good.archive, limit: 10_000)
        try change(&files)
        return try TarWriter.archive(files)
    }

    @Test func theGoodBundleOpens() throws {
        #expect(try OpenedBundle(archive: good.archive, keys: [keys.verify]).manifest.pack == "meetings")
    }

    @Test func aChangedFileIsRefused() throws {
        let error = try refusal(rewritten { files in
            let index = files.firstIndex { $0.path == "badge.lua" }!
            files[index].bytes.append(Data("\n-- changed\n".utf8))
        })
        #expect(error.member == "badge.lua")
        #expect(error.message.contains("does not match its SHA-256"))
    }

    @Test func anAddedFileIsRefused() throws {
        let error = try refusal(rewritten { $0.append(("extra.lua", Data("return 1".utf8))) })
        #expect(error.member == "extra.lua")
        #expect(error.message.contains("not listed"))
    }

    @Test func aRemovedFileIsRefused() throws {
        let error = try refusal(rewritten { $0.removeAll { $0.path == "golden/countdown-last.json" } })
        #expect(error.member == "golden/countdown-last.json")
        #expect(error.message.contains("missing from the bundle"))
    }

    @Test func anUnsignedBundleIsRefused() throws {
        let error = try refusal(rewritten { $0.removeAll { $0.path == ".signature" } })
        #expect(error.member == ".signature")
        #expect(error.message.contains("not signed"))
    }

    @Test func aBundleSignedByAnotherKeyIsRefused() throws {
        let error = try refusal(good.archive, keys: [try BundleKeys().verify])
        #expect(error.member == ".signature")
        #expect(error.message.contains("not a --verify-key"))
        // With both keys (a rotation), it opens.
        #expect(try OpenedBundle(archive: good.archive, keys: [BundleKeys().verify, keys.verify]).keyID == good.keyID)
    }

    @Test func aManifestChangedAfterSigningIsRefused() throws {
        let error = try refusal(rewritten { files in
            let text = String(decoding: files[0].bytes, as: UTF8.self)
            files[0].bytes = Data(text.replacingOccurrences(of: "\"version\" : \"1.0.0\"", with: "\"version\" : \"9.0.0\"").utf8)
        })
        #expect(error.member == ".signature")
        #expect(error.message.contains("signature does not match"))
    }

    @Test func aDamagedSignatureIsRefused() throws {
        let error = try refusal(rewritten { files in
            var signature = try JSONDecoder().decode(BundleSignature.self, from: files[1].bytes)
            var bytes = Data(base64Encoded: signature.signature)!
            bytes[0] ^= 1
            signature.signature = bytes.base64EncodedString()
            files[1].bytes = try signature.encoded()
        })
        #expect(error.message.contains("signature does not match"))
        let garbled = try refusal(rewritten { $0[1].bytes = Data("{}".utf8) })
        #expect(garbled.message.contains("not a bundle signature"))
    }

    @Test func aSignedManifestOfAnotherFormatIsRefused() throws {
        var manifest = good.manifest
        manifest.format = 2
        let bytes = try manifest.encoded()
        let signature = try BundleSignature(manifest: bytes, key: try keys.signing).encoded()
        let error = try refusal(rewritten { files in
            files[0].bytes = bytes
            files[1].bytes = signature
        })
        #expect(error.member == ".manifest.json")
        #expect(error.message.contains("format 2"))
    }

    @Test(arguments: ["../outside.lua", "/etc/outside.lua", "fixtures/../../outside.lua", "a//b.lua", "back\\slash.lua"])
    func aPathLeadingOutsideIsRefused(path: String) throws {
        let error = try refusal(rewritten { $0.append((path, Data("return 1".utf8))) })
        #expect(error.member == path)
        #expect(error.message.contains("leads outside"))
    }

    @Test func aLinkIsRefused() throws {
        var archive = try TarWriter.archive([("pack.json", Data("{}".utf8))])
        archive[TarFormat.typeflag] = UInt8(ascii: "2")
        Self.fixChecksum(&archive, at: 0)
        let error = try refusal(archive)
        #expect(error.member == "pack.json")
        #expect(error.message.contains("regular files only"))
    }

    @Test func aFileGivenTwiceIsRefused() throws {
        let error = try refusal(rewritten { $0.append($0[2]) })
        #expect(error.member == "pack.json")
        #expect(error.message.contains("twice"))
    }

    @Test func aTruncatedBundleIsRefused() throws {
        let cut = try refusal(good.archive.prefix(good.archive.count / 2))
        #expect(cut.message.contains("truncated"))
        let noEnd = try refusal(good.archive.dropLast(2 * TarFormat.block))
        #expect(noEnd.message.contains("truncated"))
    }

    @Test func whatIsNotATarArchiveIsRefused() throws {
        #expect(try refusal(Data()).message.contains("not a tar archive"))
        #expect(try refusal(Data("<html>500</html>".utf8)).message.contains("not a tar archive"))
        var damaged = good.archive
        damaged[3] ^= 0x20
        #expect(try refusal(damaged).message.contains("bad checksum"))
    }

    @Test func aBundleWithoutAManifestIsRefused() throws {
        let error = try refusal(try TarWriter.archive([("pack.json", Data("{}".utf8))]))
        #expect(error.member == ".manifest.json")
        #expect(error.message.contains("not a LiveRules bundle"))
    }

    /// Writes the checksum of the header at `offset` again after a change to it.
    static func fixChecksum(_ archive: inout Data, at offset: Int) {
        let header = archive[offset..<(offset + TarFormat.block)]
        let digits = String(TarFormat.checksum(of: header), radix: 8)
        let field = Array((String(repeating: "0", count: 6 - digits.count) + digits + "\0 ").utf8)
        archive.replaceSubrange((offset + TarFormat.checksum.lowerBound)..<(offset + TarFormat.checksum.upperBound), with: field)
    }
}
#endif
