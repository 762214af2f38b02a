import XToolSamples
import XToolSpec
import XToolYAML

extension EnvelopeDraft {
    /// The envelope every success body shares: a payload key (`data`, `result`…) and a status key
    /// (`code`, `status`, `errno`…) in every one (`WireVocabulary`); success is the status's
    /// value in the bodies whose payload is not null.
    static func shared(by bodies: [YAMLNode]) -> EnvelopeDraft? {
        let objects = bodies.filter(\.isMapping)
        guard !objects.isEmpty, objects.count == bodies.count else { return nil }
        var common = Set(objects[0].entries.map { $0.key })
        for object in objects.dropFirst() { common.formIntersection(object.entries.map { $0.key }) }
        guard let data = WireVocabulary.data.first(where: { common.contains($0) }),
            let status = WireVocabulary.status.first(where: { common.contains($0) })
        else { return nil }
        let key = { Spec.KeyPath(components: [$0]) }
        var counts: [String: Int] = [:]
        for object in objects {
            // The status's value as the success test compares it.
            guard SampleLinter.envelopeValue(at: key(data), in: object) != nil,
                let value = SampleLinter.successTestValue(at: key(status), in: object).text
            else { continue }
            counts[value, default: 0] += 1
        }
        guard let value = counts.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).first?.key else { return nil }
        let message = WireVocabulary.message.first { common.contains($0) }
        return EnvelopeDraft(
            data: key(data), successPath: key(status), successValue: value, message: message.map(key),
            code: WireVocabulary.successFlag.contains(status) ? nil : key(status))
    }
}
