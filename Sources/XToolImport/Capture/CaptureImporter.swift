import Foundation
import XToolDiagnostics
import XToolSpec
import XToolYAML

/// A HAR 1.2 capture of an app's traffic in, a spec out: the capture importer, the pipeline's
/// second front end. Its calls are grouped into endpoints by method and path template, their
/// parameters typed (a credential a provided value whose captured value is written nowhere, a
/// value every call sends the same a fixed one), their bodies merged into models and kept as
/// samples; the spec text comes from the same `SpecDraft` and `SpecWriter` as an OpenAPI import.
package enum CaptureImporter {
    /// Whether a document read is a HAR capture (`{ "log": { "entries": […] } }`).
    package static func isCapture(_ root: YAMLNode) -> Bool {
        root["log"]?["entries"] != nil
    }

    /// The API a host names: its word before the top-level domain (`api.digitalocean.com` ->
    /// `Digitalocean`).
    package static func apiName(ofHost host: String) -> String {
        SwiftNaming.apiName(fileName: "", title: hostWord(host))
    }

    private static func hostWord(_ host: String) -> String {
        host.split(separator: ".").dropLast().last.map(String.init) ?? host
    }

    /// The spec of the calls to `host` (nil: the host most calls went to) in `traffic`;
    /// `specFile` names the API when it is a Swift type name, else the host does.
    package static func importCapture(
        _ traffic: CapturedTraffic, documentName: String, host: String? = nil, specFile: String? = nil,
        api: String? = nil
    ) -> ImportResult {
        let problems = traffic.problems
        let hosts = Dictionary(grouping: traffic.exchanges, by: \.host)
        guard let chosen = host ?? traffic.hosts.first else {
            return ImportResult(
                specText: nil,
                diagnostics: problems + [Diagnostic(.error, "the capture has no calls (log.entries is empty)")])
        }
        guard let exchanges = hosts[chosen] else {
            let known = hosts.keys.sorted().joined(separator: ", ")
            return ImportResult(
                specText: nil,
                diagnostics: problems + [
                    Diagnostic(.error, "the capture has no calls to '\(chosen)'; its hosts are \(known)")
                ])
        }
        var drafting = CaptureDrafting(exchanges: exchanges, documentName: documentName)
        let stem = (specFile ?? documentName).split(separator: ".").first.map(String.init) ?? documentName
        let apiName = api ?? SwiftNaming.apiName(fileName: stem, title: hostWord(chosen))
        let draft = drafting.draft(api: apiName)
        var summary = drafting.summary
        for (other, calls) in hosts.sorted(by: { $0.key < $1.key }) where other != chosen {
            summary.append(
                "left out \(CaptureDrafting.count(calls.count, "call")) to \(other) (--host \(other) imports them)")
        }
        return ImportResult(
            specText: drafting.writtenText ?? SpecWriter.text(of: draft),
            diagnostics: (problems + drafting.diagnostics).sortedBySource, summary: summary)
    }
}
