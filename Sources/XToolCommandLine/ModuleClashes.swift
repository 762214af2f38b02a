import Foundation
import XToolDiagnostics
import XToolFrontHalf
import XToolSpec

/// Specs whose code is compiled into one module (the specs of one target of the build-tool
/// plugin) must not declare the same top-level type: the compiler would stop with hundreds of
/// "invalid redeclaration" errors instead of one that names both specs.
package enum ModuleClashes {
    /// An error at each type `loaded` declares that a spec among `others` declares too, naming
    /// that spec's file and place. Specs that did not load are left out: their own errors say why.
    package static func diagnostics(for loaded: LoadedSpec, against others: [LoadedSpec]) -> [Diagnostic] {
        guard let spec = loaded.spec else { return [] }
        var theirs: [String: (what: String, place: String)] = [:]
        let file = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
        for other in others where file(other.path) != file(loaded.path) {
            for type in other.spec?.declaredTypes(locatedIn: other.document) ?? [] where theirs[type.name] == nil {
                theirs[type.name] = (type.what, type.location.map { "\($0.file ?? other.path):\($0)" } ?? other.path)
            }
        }
        // No other spec declares anything: nothing can clash (and nothing is located).
        guard !theirs.isEmpty else { return [] }
        let clashes = spec.declaredTypes(locatedIn: loaded.document).compactMap { mine -> Diagnostic? in
            guard let other = theirs[mine.name] else { return nil }
            return Diagnostic(
                .error,
                "\(mine.what) and \(other.what) of \(other.place) both declare the type '\(mine.name)' in one module; "
                    + "rename one, or give each spec a target of its own",
                file: loaded.path, at: mine.location)
        }
        return clashes.sortedBySource
    }
}
