import Foundation
import Testing
import TestPacks

/// The library is what an app's widget links: Foundation alone, no other target of the package,
/// nothing that builds on one platform only.
@Suite struct FoundationOnlyTests {
    @Test func theLibraryImportsFoundationAlone() throws {
        let files = try #require(FileManager.default.enumerator(atPath: PackageFolders.library.path)?.allObjects as? [String])
            .filter { $0.hasSuffix(".swift") }
        #expect(files.contains("LivePresentation.swift"))
        for file in files {
            let text = try String(contentsOf: PackageFolders.library.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("#if") {
                #expect(line == "import Foundation", "\(file): \(line)")
            }
        }
    }

    @Test func theTargetHasNoDependencies() throws {
        let manifest = try String(contentsOf: Paths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declarations = manifest.split(separator: "\n").filter { $0.contains(#"name: "LiveRulesActivity""#) && $0.contains(".target(") }
        #expect(declarations.map { $0.trimmingCharacters(in: .whitespaces) } == [#".target(name: "LiveRulesActivity"),"#])
    }
}
