#if Service
import Foundation
import LiveRules
import LiveRulesBundle

extension BundleCommand {
    /// Loads the pack, signs its bundle and writes it in one step (a reader never sees half).
    func writeBundle() throws {
        let packs = try NamedPack.all(at: [path], command: "bundle")
        guard packs.count == 1, let named = packs.first else {
            report([Diagnostic(about: path, message: "holds \(packs.count) packs; a bundle holds one: "
                + packs.map(\.display).joined(separator: ", "))])
            throw ExitStatus.badInput.exitCode
        }
        let bundle: PackBundle
        do {
            let key = try SigningKey(file: signingKey)
            bundle = try PackBundle(pack: named.directory, displayPath: named.display, key: key)
        } catch let error as BundleError {
            report([error.diagnostic(source: "liverules bundle")])
            throw ExitStatus.badInput.exitCode
        } catch let error as DiagnosticError {
            report(error.diagnostics)
            throw ExitStatus.badInput.exitCode
        }
        let manifest = bundle.manifest
        let file = output ?? "\(manifest.pack)-\(manifest.version).tar"
        do {
            try bundle.archive.write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            report([Diagnostic(about: file, message: "cannot write the bundle: \(error.localizedDescription)")])
            throw ExitStatus.badInput.exitCode
        }
        print("wrote \(file): \(manifest.pack) \(manifest.version) \(manifest.hash), \(manifest.files.count) files, "
            + "\(bundle.archive.count) bytes, signed by key \(bundle.keyID)")
    }
}
#endif
