#if Service
import Foundation
import LiveRules

/// The work of the routes that present, apart from HTTP: a request body in, the CLI's output or
/// a ``ServeError`` out. Each call blocks while it presents: waiting for a presenter only off the
/// event loops, and on them only under a short deadline (``Place``).
package struct PackRequests: Sendable {
    /// The packs served.
    package let packs: ServedPacks

    /// Requests on `packs`.
    package init(packs: ServedPacks) {
        self.packs = packs
    }

    /// The active version of pack `name`; throws ``ServeError/Kind/unknownPack`` when none is.
    package func version(_ name: String) throws(ServeError) -> PackVersion {
        guard let version = packs.engine.version(named: name) else {
            throw .unknownPack(name, known: packs.engine.packNames)
        }
        return version
    }

    /// Where a request's work may get its presenter.
    package enum Place: Sendable {
        /// Any of the version's presenters, waiting while all are busy: off the event loops.
        case waiting
        /// Only an idle presenter, at once, its calls under `deadline`: on an event loop, which
        /// must not wait (see ``PackVersion/withIdlePresenter(deadline:_:)``).
        case idle(deadline: Duration)
    }

    /// The presentation on `version` of the content state `body` (a fixture: `now`,
    /// `attributes`, `state`, `previousPhase`) as `liverules eval` prints it: canonical JSON;
    /// with `nextUpdate`, as `eval --next-update` prints it, with the ``NextUpdate/header(_:)``.
    /// Presented as `place` says: waiting, the attempt is always done.
    package func present(_ body: Data, on version: PackVersion, nextUpdate: Bool = false,
                         place: Place = .waiting) throws(ServeError) -> PackVersion.Attempt<PackAnswer> {
        let fixture: Fixture
        do {
            fixture = try Fixture.read(body, displayPath: ServeError.body, manifest: version.pack.manifest)
        } catch {
            throw .unreadable(error)
        }
        let attempt = Self.presenting(on: version, place) { presenter throws(PresentationError) -> (Presentation, NextUpdate?) in
            nextUpdate ? try presenter.presentWithNextUpdate(fixture) : (try presenter.present(fixture), nil)
        }
        return try attempt.map { result throws(ServeError) in
            let (presentation, next) = try result.mapError(ServeError.failed).get()
            do {
                guard nextUpdate else { return PackAnswer(text: try presentation.canonicalJSON()) }
                let both = JSONValue.object(["presentation": presentation.json(), "nextUpdate": NextUpdate.json(next)])
                return PackAnswer(text: try JSONWriter.canonical(both), nextUpdate: NextUpdate.header(next))
            } catch {
                throw ServeError(.output, about: ServeError.body, "\(error)")
            }
        }
    }

    /// The push payload on `version` of the activity `body` (a line of `liverules payload
    /// --batch` input) as that batch writes it: one line of compact JSON, with the
    /// ``NextUpdate/header(_:)`` when `options` ask for the next update. Presented as `place`
    /// says: waiting, the attempt is always done.
    package func payload(_ body: Data, on version: PackVersion, options: PushOptions,
                         place: Place = .waiting) throws(ServeError) -> PackVersion.Attempt<PackAnswer> {
        let batch = try Self.batch(of: version, options: options)
        let line = PushBatch.Line(number: 1, bytes: Array(body))
        let attempt = Self.presenting(on: version, place) { presenter throws(PresentationError) in
            batch.payload(for: line, presenter: presenter)
        }
        return try attempt.map { result throws(ServeError) in
            switch try result.mapError(ServeError.failed).get().result {
            case .success(let built):
                return PackAnswer(text: built.line + "\n", nextUpdate: options.nextUpdate ? NextUpdate.header(built.nextUpdate) : nil)
            case .failure(let error): throw Self.classified(error, line: line, manifest: version.pack.manifest)
            }
        }
    }

    /// `body` run with a presenter of `version` got as `place` says.
    private static func presenting<T>(
        on version: PackVersion, _ place: Place, _ body: (Presenter) throws(PresentationError) -> T
    ) -> PackVersion.Attempt<Result<T, PresentationError>> {
        switch place {
        case .waiting:
            .done(Result { () throws(PresentationError) in try version.withPresenter(body) })
        case .idle(let deadline):
            version.withIdlePresenter(deadline: deadline, body)
        }
    }

    /// The batch that builds `version`'s pushes with `options`, naming its input `body`; throws
    /// ``ServeError/Kind/payload`` when the pack has no push settings.
    package static func batch(of version: PackVersion, options: PushOptions) throws(ServeError) -> PushBatch {
        do {
            let builder = try PushPayloadBuilder(manifest: version.pack.manifest)
            return PushBatch(builder: builder, event: options.event, platform: options.platform, file: ServeError.body,
                             nextUpdate: options.nextUpdate)
        } catch {
            throw ServeError(.payload, error.diagnostics(file: version.pack.displayPath + "/" + RulePack.manifestFile))
        }
    }

    /// The failure of batch line `line` as an error of its kind: the line unreadable (not JSON,
    /// not of the schema), or its presentation or push failed (read again only to tell which).
    package static func classified(_ error: DiagnosticError, line: PushBatch.Line, manifest: PackManifest) -> ServeError {
        do {
            _ = try PushRequest.read(line.bytes, line: line.number, file: ServeError.body, manifest: manifest)
        } catch {
            return .unreadable(error)
        }
        let inRules = error.diagnostics.contains { $0.file != ServeError.body }
        return ServeError(inRules ? .rule : .payload, error.diagnostics)
    }
}

extension NextUpdate {
    /// The `LiveRules-Next-Update` header's value for `next`: its Unix seconds, or `none`.
    package static func header(_ next: NextUpdate?) -> String {
        next.map { String(Int64($0.at.timeIntervalSince1970)) } ?? "none"
    }
}

/// What a route that presents answers: the JSON text, and the value of its
/// `LiveRules-Next-Update` header when it was asked for.
package struct PackAnswer: Sendable {
    /// The body.
    package var text: String
    /// The header's value, or nil for no header.
    package var nextUpdate: String?

    /// An answer of `text`, with a `LiveRules-Next-Update` header of `nextUpdate` when given.
    package init(text: String, nextUpdate: String? = nil) {
        self.text = text
        self.nextUpdate = nextUpdate
    }
}
#endif
