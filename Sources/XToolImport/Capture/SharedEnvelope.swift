import XToolSamples
import XToolSpec
import XToolYAML

extension EnvelopeDraft {
    /// The envelope every success body shares: a payload key (`data`, `result`…) and a status key
    /// (`code`, `status`, `errno`…) in every one (`WireVocabulary`); success is the status's
    /// value in the bodies whose payload is not null. Without a payload key, a status beside the
    /// payload's own keys (`statusBeside`).
    static func shared(by bodies: [YAMLNode]) -> EnvelopeDraft? {
        let objects = bodies.filter(\.isMapping)
        guard !objects.isEmpty, objects.count == bodies.count else { return nil }
        var common = Set(objects[0].entries.map { $0.key })
        for object in objects.dropFirst() { common.formIntersection(object.entries.map { $0.key }) }
        guard let data = WireVocabulary.data.first(where: { common.contains($0) }),
            let status = WireVocabulary.status.first(where: { common.contains($0) })
        else { return statusBeside(in: objects, common: common) }
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

    /// An envelope with no payload key, whose payload is the document beside its keys (Amap's
    /// `{status: "1", info, infocode, <payload keys>…}`), found from the bodies: a key in every
    /// one whose scalar value is one in the answers that carry more (success) and another in
    /// the ones that carry nothing else (failure: `status: "0"`, `ok: false`, `status: "ERROR"`),
    /// none of their keys in the payload of any success. The message is the failures' key whose
    /// values are words, the code the one whose values are digits (the status itself, not a
    /// flag, where there is none). Of several such keys, the one of fewest values, then the one
    /// named a status. Without a failure, no envelope: a key of one value is no evidence.
    private static func statusBeside(in objects: [YAMLNode], common: Set<String>) -> EnvelopeDraft? {
        let key = { Spec.KeyPath(components: [$0]) }
        var found: (status: String, success: String, failures: [YAMLNode], values: Int)?
        for status in objects[0].entries.map(\.key) where common.contains(status) {
            let values = objects.map { object -> String? in
                guard let node = object[status], node.scalarText != nil else { return nil }
                return SampleLinter.successTestValue(at: key(status), in: object).text
            }
            guard values.allSatisfy({ $0 != nil }) else { continue }
            let distinct = Set(values.map { $0! })
            guard (2...3).contains(distinct.count) else { continue }
            // The failures: the values whose answers hold no key but the ones every failure holds.
            let byValue = Dictionary(grouping: objects.indices, by: { values[$0]! })
            let sizes = byValue.mapValues { indices in indices.map { objects[$0].entries.count }.max()! }
            guard let success = byValue.keys.max(by: { (sizes[$0]!, $1) < (sizes[$1]!, $0) }) else { continue }
            let failures = objects.indices.filter { values[$0] != success }.map { objects[$0] }
            let envelopeKeys = Set(failures.flatMap { $0.entries.map(\.key) })
            let successes = byValue[success]!.map { objects[$0] }
            guard successes.allSatisfy({ $0.entries.contains { !envelopeKeys.contains($0.key) } }),
                failures.map(\.entries.count).max()! < successes.map(\.entries.count).min()!
            else { continue }
            if let best = found {
                let named = { WireVocabulary.status.contains($0) }
                guard distinct.count < best.values || (distinct.count == best.values && named(status) && !named(best.status))
                else { continue }
            }
            found = (status, success, failures, distinct.count)
        }
        guard let found else { return nil }
        var shared = Set(found.failures[0].entries.map(\.key))
        for failure in found.failures.dropFirst() { shared.formIntersection(failure.entries.map(\.key)) }
        shared.remove(found.status)
        let texts = { (name: String) in found.failures.compactMap { $0[name]?.scalarText } }
        let isCode = { (name: String) in
            texts(name).count == found.failures.count && texts(name).allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
        }
        let isMessage = { (name: String) in
            texts(name).count == found.failures.count && texts(name).allSatisfy { $0.contains(where: \.isLetter) }
        }
        let order = found.failures[0].entries.map(\.key).filter(shared.contains)
        let code =
            WireVocabulary.code.first { shared.contains($0) && isCode($0) } ?? order.first(where: isCode)
        let message =
            WireVocabulary.message.first { shared.contains($0) && isMessage($0) } ?? order.first(where: isMessage)
        let isFlag = ["true", "false"].contains(found.success)
        return EnvelopeDraft(
            data: nil, successPath: key(found.status), successValue: found.success, message: message.map(key),
            code: code.map(key) ?? (isFlag ? nil : key(found.status)))
    }
}
